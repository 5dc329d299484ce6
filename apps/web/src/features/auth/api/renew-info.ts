// POST /v1/user/renew-info (issue 5, session): the user accepts the changed documents, in the version the
// dialog showed. A version that is no longer current answers 409/4210 (toasted by the client with its
// submsg, SPEC §8); the dialog then fetches the documents again and asks again.
import type { ApiResponse, EndpointResponseData, renewInfo } from '@tyd/protocol';
import { request } from '../../../lib/api-client';

export const RENEW_INFO_PATH = '/v1/user/renew-info';

export type RenewInfoData = EndpointResponseData<typeof renewInfo>;

export function acceptRenewedTerms(version: string): Promise<ApiResponse<RenewInfoData>> {
  return request<RenewInfoData>(RENEW_INFO_PATH, { version }, { loading: true });
}
