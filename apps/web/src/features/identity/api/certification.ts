// POST /v1/user/certification (SPEC §7): the holder confirms the fields read from the card (name and
// address corrected where needed); the answer is the new certification state.
import { API, type ApiResponse, type RefRequest } from '@tyd/protocol/wire';
import { request } from '../../../lib/api-client';
import { refreshCertificationInfo, type CertificationInfo } from './certification-info';

export async function confirmIdentity(payload: RefRequest<typeof API.certification>): Promise<ApiResponse<CertificationInfo>> {
  const response = await request(API.certification, payload, { loading: '提交中…' });
  refreshCertificationInfo();
  return response;
}
