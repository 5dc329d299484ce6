// POST /v1/user/personal-info-list (docs/api.md "Personal information"): 已收集个人信息清单 for the session's
// account, made by the server from what it holds (values masked), and how many copies may still be asked
// for today. Its failure is shown in the page (重试), not toasted.
import { API, type RefResponse } from '@tyd/protocol/wire';
import { call } from '../../../lib/api-client';
import { useQuery } from '../../../lib/server-state';

export type PersonalInfo = RefResponse<typeof API.personalInfoList>;
export type PersonalInfoItem = PersonalInfo['items'][number];
export const PERSONAL_INFO_KEY = 'personal-info-list';

export function usePersonalInfoList() {
  return useQuery(PERSONAL_INFO_KEY, (signal) => call(API.personalInfoList, {}, { signal, inlineErrors: true }), { staleTimeMs: 0 });
}
