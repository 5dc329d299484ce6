// POST /v1/user/get-user-unprivacy-info (docs/api.md, session): the documents the user has not accepted in
// their current version, with what changed, and the combined version renew-info must send back.
import { API_PATH } from '@tyd/protocol/wire';
import type { EndpointResponseData, getUserUnprivacyInfo as unprivacyInfoEndpoint } from '@tyd/protocol/schemas';
import { call } from '../../../lib/api-client';

export type UnprivacyInfoData = EndpointResponseData<typeof unprivacyInfoEndpoint>;

export function getUserUnprivacyInfo(signal?: AbortSignal): Promise<UnprivacyInfoData> {
  // Fetched in the background before the dialog opens: nothing to toast if it fails.
  return call<UnprivacyInfoData>(API_PATH.getUserUnprivacyInfo, {}, { signal, toastErrors: false, unauthorized: 'ignore' });
}
