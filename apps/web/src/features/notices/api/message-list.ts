// POST /v1/user/message-list (SPEC §7): the account's own messages, newest first, by cursor.
import { API_PATH } from '@tyd/protocol/wire';
import type { EndpointResponseData, messageList as messageListEndpoint } from '@tyd/protocol/schemas';
import { call } from '../../../lib/api-client';
import { usePagedList } from '../../../lib/paged-list';

export type MessagePage = EndpointResponseData<typeof messageListEndpoint>;
export type Message = MessagePage['items'][number];
export const MESSAGE_LIST_KEY = 'message-list';

export function useMessageList(enabled: boolean) {
  return usePagedList(enabled ? MESSAGE_LIST_KEY : null, (cursor, signal) => call<MessagePage>(API_PATH.messageList, cursor ? { cursor } : {}, { signal, toastErrors: false }));
}
