// POST /v1/user/end-session (docs/api.md "Account security"): 下线 one other device. The answer is read by the
// caller: 404/4231 means it is gone already (another press, another device), which is what was wanted.
import { API, type ApiResponse, type RefRequest, type RefResponse } from '@tyd/protocol/wire';
import { request } from '../../../lib/api-client';

export function endSession(payload: RefRequest<typeof API.endSession>): Promise<ApiResponse<RefResponse<typeof API.endSession>>> {
  return request(API.endSession, payload, { loading: '下线中…', toastErrors: false });
}
