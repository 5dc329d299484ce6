// POST /v1/user/h5-face-url (SPEC §7): a face session for the confirmed identity; the page then leaves for
// the provider's address, which sends the user back to /mine/identity/face-return.
import { API_PATH, type ApiResponse } from '@tyd/protocol/wire';
import type { EndpointResponseData, h5FaceUrl as h5FaceUrlEndpoint } from '@tyd/protocol/schemas';
import { request } from '../../../lib/api-client';
import { refreshCertificationInfo } from './certification-info';

export type FaceSession = EndpointResponseData<typeof h5FaceUrlEndpoint>;

export async function startFaceCheck(): Promise<ApiResponse<FaceSession>> {
  const response = await request<FaceSession>(API_PATH.h5FaceUrl, {}, { loading: '正在打开人脸识别…' });
  refreshCertificationInfo();
  return response;
}
