// POST /v1/user/third-party-sharing-list (docs/api.md "Personal information"): 与第三方共享个人信息清单, from
// the providers the server is configured with (a sandbox one is said to send nothing).
import { API, type RefResponse } from '@tyd/protocol/wire';
import { call } from '../../../lib/api-client';
import { useQuery } from '../../../lib/server-state';

export type SharingItem = RefResponse<typeof API.thirdPartySharingList>['items'][number];

export function useThirdPartySharingList() {
  return useQuery('third-party-sharing-list', (signal) => call(API.thirdPartySharingList, {}, { signal, inlineErrors: true }), { staleTimeMs: 5 * 60_000 });
}
