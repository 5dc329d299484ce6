// POST /v1/content/phone-brand-list (SPEC §7; /nfc, SPEC §2): the brands the NFC explainer knows.
import { API_PATH } from '@tyd/protocol/wire';
import type { EndpointResponseData, phoneBrandList } from '@tyd/protocol/schemas';
import { call } from '../../../lib/api-client';
import { useQuery } from '../../../lib/server-state';

export type PhoneBrands = EndpointResponseData<typeof phoneBrandList>['brands'];

export async function getPhoneBrands(signal?: AbortSignal): Promise<PhoneBrands> {
  return (await call<EndpointResponseData<typeof phoneBrandList>>(API_PATH.phoneBrandList, {}, { signal })).brands;
}

export function usePhoneBrands() {
  // Our own table, changed with a deployment: fresh for the page's life.
  return useQuery('phone-brand-list', getPhoneBrands, { staleTimeMs: 3_600_000 });
}
