// POST /v1/index/new-user-gift-info (docs/api.md "New-user gift"): what /cloudSteward/index shows — the
// gift's lines (or what this account received), the state, the deadline and the figures of the rules.
// Read quietly (no toast): the page says in place when it cannot be loaded.
import { API, type RefResponse } from '@tyd/protocol/wire';
import { call } from '../../../lib/api-client';
import { useQuery } from '../../../lib/server-state';

export type NewUserGiftInfo = RefResponse<typeof API.newUserGiftInfo>;
export type GiftLine = NewUserGiftInfo['contents'][number];

export const NEW_USER_GIFT_INFO_KEY = 'new-user-gift-info';

export function getNewUserGiftInfo(signal?: AbortSignal, loading?: boolean): Promise<NewUserGiftInfo> {
  return call(API.newUserGiftInfo, {}, { signal, toastErrors: false, loading });
}

export function useNewUserGiftInfo() {
  return useQuery(NEW_USER_GIFT_INFO_KEY, getNewUserGiftInfo, { staleTimeMs: 5_000 });
}
