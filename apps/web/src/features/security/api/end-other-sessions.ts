// POST /v1/user/end-other-sessions (docs/api.md "Account security"): 下线其他所有设备; data {ended}.
import { API, type RefResponse } from '@tyd/protocol/wire';
import { call } from '../../../lib/api-client';

export function endOtherSessions(): Promise<RefResponse<typeof API.endOtherSessions>> {
  return call(API.endOtherSessions, {}, { loading: '下线中…' });
}
