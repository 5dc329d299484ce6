// POST /v1/index/my-vouchers (docs/api.md "Vouchers and exchange"): the user's vouchers, valid and
// expired, newest first, 20 a page (lib/paged-list.ts). A failed page is toasted (SPEC §8).
import { API_PATH } from '@tyd/protocol/wire';
import type { EndpointResponseData, myVouchers as myVouchersEndpoint } from '@tyd/protocol/schemas';
import { call } from '../../../lib/api-client';
import { usePagedList } from '../../../lib/paged-list';

export type VouchersPage = EndpointResponseData<typeof myVouchersEndpoint>;
export type Voucher = VouchersPage['items'][number];

export const MY_VOUCHERS_KEY = 'my-vouchers';

export function getMyVouchers(cursor?: string, signal?: AbortSignal): Promise<VouchersPage> {
  return call<VouchersPage>(API_PATH.myVouchers, cursor ? { cursor } : {}, { signal });
}

export function useMyVouchers() {
  return usePagedList(MY_VOUCHERS_KEY, getMyVouchers);
}
