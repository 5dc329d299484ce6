// POST /v1/user/h5-face-verify (SPEC §7): the return page asks the server for the face result, which the
// server asks the provider for; the return address's query string is never sent as evidence.
import { API, type ApiResponse } from '@tyd/protocol/wire';
import { request } from '../../../lib/api-client';
import { refreshCertificationInfo, type CertificationInfo } from './certification-info';

export async function verifyFace(): Promise<ApiResponse<CertificationInfo>> {
  // The result page says the outcome itself: no toast.
  const response = await request(API.h5FaceVerify, {}, { loading: '正在确认结果…', toastErrors: false });
  refreshCertificationInfo();
  return response;
}
