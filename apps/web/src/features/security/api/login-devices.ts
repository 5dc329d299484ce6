// POST /v1/user/login-devices (docs/api.md "Account security"): the account's live sessions, this one first.
import { API, type RefResponse } from '@tyd/protocol/wire';
import { call } from '../../../lib/api-client';
import { invalidateQuery, useQuery } from '../../../lib/server-state';

export type LoginDevice = RefResponse<typeof API.loginDevices>['devices'][number];
export const LOGIN_DEVICES_KEY = 'login-devices';

export function useLoginDevices() {
  // A failure is shown in the list itself, with 重试.
  return useQuery(LOGIN_DEVICES_KEY, (signal) => call(API.loginDevices, {}, { signal, inlineErrors: true }));
}

/** After a 下线: the list as the server has it now. */
export function refreshLoginDevices(): void {
  invalidateQuery(LOGIN_DEVICES_KEY);
}
