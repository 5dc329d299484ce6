// POST /v1/index/exchange-info (docs/api.md "Vouchers and exchange"): the balance and the items on offer
// for points, with what is left, the per-user limit and how many the user took. Read quietly (no toast):
// the page says so in place.
import { API, type RefResponse } from '@tyd/protocol/wire';
import { call } from '../../../lib/api-client';
import { useQuery } from '../../../lib/server-state';

export type ExchangeInfo = RefResponse<typeof API.exchangeInfo>;
export type ExchangeItem = ExchangeInfo['items'][number];

export const EXCHANGE_INFO_KEY = 'exchange-info';

export function getExchangeInfo(signal?: AbortSignal, loading?: boolean): Promise<ExchangeInfo> {
  return call(API.exchangeInfo, {}, { signal, toastErrors: false, loading });
}

export function useExchangeInfo() {
  return useQuery(EXCHANGE_INFO_KEY, getExchangeInfo, { staleTimeMs: 5_000 });
}
