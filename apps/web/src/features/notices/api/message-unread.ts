// POST /v1/user/message-unread (SPEC §7): unread messages and notices, for the badges on home and 我的.
import { API_PATH } from '@tyd/protocol/wire';
import type { EndpointResponseData, messageUnread as messageUnreadEndpoint } from '@tyd/protocol/schemas';
import { call } from '../../../lib/api-client';
import { useQuery } from '../../../lib/server-state';

export type UnreadCounts = EndpointResponseData<typeof messageUnreadEndpoint>;
export const MESSAGE_UNREAD_KEY = 'message-unread';

/** `enabled` false (logged out): nothing to ask. */
export function useMessageUnread(enabled: boolean) {
  return useQuery(enabled ? MESSAGE_UNREAD_KEY : null, (signal) => call<UnreadCounts>(API_PATH.messageUnread, {}, { signal, toastErrors: false }), { staleTimeMs: 10_000 });
}
