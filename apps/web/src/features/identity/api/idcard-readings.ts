// POST /v1/user/idcard-readings (not in SPEC §7; docs/api.md "Identity certification"): the sides the server
// kept from idcard-ocr, before certification, so the check step survives a reload. Read quietly: when it
// fails the page starts from the photos, as it did before.
import { API, type RefResponse } from '@tyd/protocol/wire';
import { call } from '../../../lib/api-client';

export type IdCardReadings = RefResponse<typeof API.idcardReadings>;

export function getIdCardReadings(signal?: AbortSignal): Promise<IdCardReadings> {
  return call(API.idcardReadings, {}, { signal, toastErrors: false });
}
