// POST /v1/user/message-unread (SPEC §7): unread messages and notices, for the badges on home and 我的.
import { API, type RefResponse } from '@tyd/protocol/wire';
import { call } from '../../../lib/api-client';
import { useQuery } from '../../../lib/server-state';

export type UnreadCounts = RefResponse<typeof API.messageUnread>;
export const MESSAGE_UNREAD_KEY = 'message-unread';

/**
 * `enabled` false (logged out): nothing to ask. Quiet: without the counts a badge is simply not shown.
 * `unauthorized` 'ignore' on home and 我的, whose own quiet login check (check-login, SPEC §7) decides what a
 * stale token means: a badge's 401 answered first must not send the person to login.
 */
export function useMessageUnread(enabled: boolean, unauthorized: 'handle' | 'ignore' = 'handle') {
  return useQuery(enabled ? MESSAGE_UNREAD_KEY : null, (signal) => call(API.messageUnread, {}, { signal, inlineErrors: true, unauthorized }), {
    staleTimeMs: 10_000,
  });
}
