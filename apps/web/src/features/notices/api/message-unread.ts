// POST /v1/user/message-unread (SPEC §7): unread messages and notices, for the badges on home and 我的.
import { API, type RefResponse } from '@tyd/protocol/wire';
import { call } from '../../../lib/api-client';
import { useQuery } from '../../../lib/server-state';

export type UnreadCounts = RefResponse<typeof API.messageUnread>;
export const MESSAGE_UNREAD_KEY = 'message-unread';

/** `enabled` false (logged out): nothing to ask. Quiet: without the counts a badge is simply not shown. */
export function useMessageUnread(enabled: boolean) {
  return useQuery(enabled ? MESSAGE_UNREAD_KEY : null, (signal) => call(API.messageUnread, {}, { signal, inlineErrors: true }), { staleTimeMs: 10_000 });
}
