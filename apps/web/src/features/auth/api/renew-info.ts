// POST /v1/user/renew-info (docs/api.md, session): the user accepts the changed documents, in the version the
// dialog showed. A version that is no longer current answers 409/4210 (toasted by the client with its
// submsg, SPEC §8); the dialog then fetches the documents again and asks again.
import { API, type ApiResponse, type RefResponse } from '@tyd/protocol/wire';
import { request } from '../../../lib/api-client';

export type RenewInfoData = RefResponse<typeof API.renewInfo>;

export function acceptRenewedTerms(version: string): Promise<ApiResponse<RenewInfoData>> {
  return request(API.renewInfo, { version }, { loading: true });
}
