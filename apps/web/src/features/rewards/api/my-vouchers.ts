// POST /v1/index/my-vouchers (docs/api.md "Vouchers and exchange"): the user's vouchers, valid and
// expired, newest first, 20 a page (lib/paged-list.ts). A failed page is toasted (SPEC §8).
import { API, type RefResponse } from '@tyd/protocol/wire';
import { call } from '../../../lib/api-client';
import { usePagedList } from '../../../lib/paged-list';

export type VouchersPage = RefResponse<typeof API.myVouchers>;
export type Voucher = VouchersPage['items'][number];

export const MY_VOUCHERS_KEY = 'my-vouchers';

export function getMyVouchers(cursor?: string, signal?: AbortSignal): Promise<VouchersPage> {
  return call(API.myVouchers, cursor ? { cursor } : {}, { signal });
}

export function useMyVouchers() {
  return usePagedList(MY_VOUCHERS_KEY, getMyVouchers);
}
