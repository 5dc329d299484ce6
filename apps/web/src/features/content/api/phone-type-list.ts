// POST /v1/content/phone-type-list (SPEC §7; /nfc, SPEC §2): one brand's models and where each one's NFC antenna is.
import { API, type RefResponse } from '@tyd/protocol/wire';
import { call } from '../../../lib/api-client';
import { useQuery } from '../../../lib/server-state';

export type PhoneModels = RefResponse<typeof API.phoneTypeList>['models'];

export async function getPhoneModels(brandId: string, signal?: AbortSignal): Promise<PhoneModels> {
  return (await call(API.phoneTypeList, { brandId }, { signal })).models;
}

export function usePhoneModels(brandId: string | null) {
  return useQuery(brandId === null ? null : ['phone-type-list', brandId], (signal) => getPhoneModels(brandId ?? '', signal), { staleTimeMs: 3_600_000 });
}
