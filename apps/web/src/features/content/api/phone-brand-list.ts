// POST /v1/content/phone-brand-list (SPEC §7; /nfc, SPEC §2): the brands the NFC explainer knows.
import { API, type RefResponse } from '@tyd/protocol/wire';
import { call } from '../../../lib/api-client';
import { useQuery } from '../../../lib/server-state';

export type PhoneBrands = RefResponse<typeof API.phoneBrandList>['brands'];

export async function getPhoneBrands(signal?: AbortSignal): Promise<PhoneBrands> {
  return (await call(API.phoneBrandList, {}, { signal })).brands;
}

export function usePhoneBrands() {
  // Our own table, changed with a deployment: fresh for the page's life.
  return useQuery('phone-brand-list', getPhoneBrands, { staleTimeMs: 3_600_000 });
}
