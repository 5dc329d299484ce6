// POST /v1/user/get-user-unprivacy-info (docs/api.md, session): the documents the user has not accepted in
// their current version, with what changed, and the combined version renew-info must send back.
import { API, type RefResponse } from '@tyd/protocol/wire';
import { call } from '../../../lib/api-client';

export type UnprivacyInfoData = RefResponse<typeof API.getUserUnprivacyInfo>;

export function getUserUnprivacyInfo(signal?: AbortSignal): Promise<UnprivacyInfoData> {
  // Fetched in the background before the dialog opens: nothing to toast if it fails.
  return call(API.getUserUnprivacyInfo, {}, { signal, background: true, unauthorized: 'ignore' });
}
