// POST /v1/user/renew-info (docs/api.md, session): the user accepts the changed documents, in the version the
// dialog showed. A version that is no longer current answers 409/4210 (toasted by the client with its
// submsg, SPEC §8); the dialog then fetches the documents again and asks again.
import { API_PATH, type ApiResponse } from '@tyd/protocol/wire';
import type { EndpointResponseData, renewInfo } from '@tyd/protocol/schemas';
import { request } from '../../../lib/api-client';

export type RenewInfoData = EndpointResponseData<typeof renewInfo>;

export function acceptRenewedTerms(version: string): Promise<ApiResponse<RenewInfoData>> {
  return request<RenewInfoData>(API_PATH.renewInfo, { version }, { loading: true });
}
