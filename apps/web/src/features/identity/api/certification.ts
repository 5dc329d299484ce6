// POST /v1/user/certification (SPEC §7): the holder confirms the fields read from the card (name and
// address corrected where needed); the answer is the new certification state.
import { API_PATH, type ApiResponse } from '@tyd/protocol/wire';
import type { EndpointRequest, certification as certificationEndpoint } from '@tyd/protocol/schemas';
import { request } from '../../../lib/api-client';
import { refreshCertificationInfo, type CertificationInfo } from './certification-info';

export async function confirmIdentity(payload: EndpointRequest<typeof certificationEndpoint>): Promise<ApiResponse<CertificationInfo>> {
  const response = await request<CertificationInfo>(API_PATH.certification, payload, { loading: '提交中…' });
  refreshCertificationInfo();
  return response;
}
