// SPEC §7 savePhone -> POST /v1/user/save-phone (docs/api.md): moves the account to a new number, with the
// ticket from validateSmsCode and a code of purpose 'change-phone' sent to the new number. SPEC §7: any
// code other than '200' shows a toast with submsg, else msg (the API client's default). SPEC §3: the
// answer carries the phone, which the session stores (masked).
import { API, CODE, type ApiResponse, type RefRequest, type RefResponse } from '@tyd/protocol/wire';
import { request } from '../../../lib/api-client';
import { savePhone as storePhone } from '../../../lib/session';

type SavePhoneData = RefResponse<typeof API.savePhone>;

export async function savePhone(payload: RefRequest<typeof API.savePhone>): Promise<ApiResponse<SavePhoneData>> {
  const response = await request(API.savePhone, payload, { loading: true });
  if (response.code === CODE.OK && response.data) storePhone(response.data.phone);
  return response;
}
