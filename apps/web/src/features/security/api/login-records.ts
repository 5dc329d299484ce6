// POST /v1/user/login-records (docs/api.md "Account security"): sign-ins and refused codes of 30 days, newest
// first, by cursor.
import { API, type RefResponse } from '@tyd/protocol/wire';
import { call } from '../../../lib/api-client';
import { invalidateQuery } from '../../../lib/server-state';
import { usePagedList } from '../../../lib/paged-list';

export type LoginRecord = RefResponse<typeof API.loginRecords>['items'][number];
export const LOGIN_RECORDS_KEY = 'login-records';

export function useLoginRecords() {
  // The first page's failure is shown in the list (inline, with 重试); a further page's is toasted.
  return usePagedList(LOGIN_RECORDS_KEY, (cursor, signal) =>
    call(API.loginRecords, cursor ? { cursor } : {}, { signal, ...(!cursor && { inlineErrors: true }) }),
  );
}

export function refreshLoginRecords(): void {
  invalidateQuery(LOGIN_RECORDS_KEY);
}
