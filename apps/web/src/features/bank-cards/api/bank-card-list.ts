// POST /v1/user/bank-card-list (SPEC §7, docs/api.md "Bank cards"): the account's cards, masked, and
// whether it may bind (a verified identity). Shared under one key by the list and detail pages and the
// tile on home and 我的, so a bind, unbind or new default reaches all of them.
import { API, type RefResponse } from '@tyd/protocol/wire';
import { call } from '../../../lib/api-client';
import { invalidateQuery, useQuery } from '../../../lib/server-state';

export type BankCardList = RefResponse<typeof API.bankCardList>;
export type BankCard = BankCardList['items'][number];

export const BANK_CARD_LIST_KEY = 'bank-card-list';

export function getBankCardList(signal?: AbortSignal, toastErrors = true, unauthorized: 'handle' | 'ignore' = 'handle'): Promise<BankCardList> {
  return call(API.bankCardList, {}, { signal, toastErrors, unauthorized });
}

export function useBankCardList() {
  return useQuery(BANK_CARD_LIST_KEY, getBankCardList, { staleTimeMs: 5_000 });
}

const getBankCardListQuietly = (signal: AbortSignal) => getBankCardList(signal, false, 'ignore');

/**
 * For the tile on home and 我的, and 协议与政策's card agreements: read quietly (a neutral hint when the call
 * fails, no toast over the page), a 401 left to the page's own check (notices/api/message-unread.ts says why).
 */
export function useBankCardListQuietly() {
  return useQuery(BANK_CARD_LIST_KEY, getBankCardListQuietly, { staleTimeMs: 5_000 });
}

/** After a card was bound, unbound or made the default. */
export function refreshBankCardList(): void {
  invalidateQuery(BANK_CARD_LIST_KEY);
}
