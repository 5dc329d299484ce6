// POST /v1/user/h5-face-url (SPEC §7): a face session for the confirmed identity; the page then leaves for
// the provider's address, which sends the user back to /mine/identity/face-return.
import { API, type ApiResponse, type RefResponse } from '@tyd/protocol/wire';
import { request } from '../../../lib/api-client';
import { refreshCertificationInfo } from './certification-info';

export type FaceSession = RefResponse<typeof API.h5FaceUrl>;

export async function startFaceCheck(): Promise<ApiResponse<FaceSession>> {
  const response = await request(API.h5FaceUrl, {}, { loading: '正在打开人脸识别…' });
  refreshCertificationInfo();
  return response;
}
