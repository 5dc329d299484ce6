// POST /v1/user/message-list (SPEC §7): the account's own messages, newest first, by cursor.
import { API, type RefResponse } from '@tyd/protocol/wire';
import { call } from '../../../lib/api-client';
import { usePagedList } from '../../../lib/paged-list';

export type MessagePage = RefResponse<typeof API.messageList>;
export type Message = MessagePage['items'][number];
export const MESSAGE_LIST_KEY = 'message-list';

export function useMessageList(enabled: boolean) {
  // The first page's failure is shown in the list (inline, with 重试); a further page's is toasted.
  return usePagedList(enabled ? MESSAGE_LIST_KEY : null, (cursor, signal) =>
    call(API.messageList, cursor ? { cursor } : {}, { signal, ...(!cursor && { inlineErrors: true }) }),
  );
}
