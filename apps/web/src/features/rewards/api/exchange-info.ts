// POST /v1/index/exchange-info (docs/api.md "Vouchers and exchange"): the balance and the items on offer
// for points, with what is left, the per-user limit and how many the user took. Read quietly (no toast):
// the page says so in place.
import { API_PATH } from '@tyd/protocol/wire';
import type { EndpointResponseData, exchangeInfo as exchangeInfoEndpoint } from '@tyd/protocol/schemas';
import { call } from '../../../lib/api-client';
import { useQuery } from '../../../lib/server-state';

export type ExchangeInfo = EndpointResponseData<typeof exchangeInfoEndpoint>;
export type ExchangeItem = ExchangeInfo['items'][number];

export const EXCHANGE_INFO_KEY = 'exchange-info';

export function getExchangeInfo(signal?: AbortSignal, loading?: boolean): Promise<ExchangeInfo> {
  return call<ExchangeInfo>(API_PATH.exchangeInfo, {}, { signal, toastErrors: false, loading });
}

export function useExchangeInfo() {
  return useQuery(EXCHANGE_INFO_KEY, getExchangeInfo, { staleTimeMs: 5_000 });
}
