// POST /v1/user/idcard-readings (not in SPEC §7; docs/api.md "Identity certification"): the sides the server
// kept from idcard-ocr, before certification, so the check step survives a reload. Read quietly: when it
// fails the page starts from the photos, as it did before.
import { API_PATH } from '@tyd/protocol/wire';
import type { EndpointResponseData, idcardReadings as idcardReadingsEndpoint } from '@tyd/protocol/schemas';
import { call } from '../../../lib/api-client';

export type IdCardReadings = EndpointResponseData<typeof idcardReadingsEndpoint>;

export function getIdCardReadings(signal?: AbortSignal): Promise<IdCardReadings> {
  return call<IdCardReadings>(API_PATH.idcardReadings, {}, { signal, toastErrors: false });
}
