// POST /v1/user/bank-listnew (SPEC §7, docs/api.md "Bank cards"): the banks a card can be bound of, with
// card types and limits, for the bind page's 支持银行 list. Read quietly: the page works without it.
import { API, type RefResponse } from '@tyd/protocol/wire';
import { call } from '../../../lib/api-client';
import { useQuery } from '../../../lib/server-state';

export type SupportedBank = RefResponse<typeof API.bankListNew>['banks'][number];

export function useSupportedBanks(enabled: boolean) {
  return useQuery(enabled ? 'bank-listnew' : null, (signal) => call(API.bankListNew, {}, { signal, toastErrors: false }), { staleTimeMs: 10 * 60_000 });
}
