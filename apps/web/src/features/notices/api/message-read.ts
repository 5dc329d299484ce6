// POST /v1/user/message-read (SPEC §7): one message or all of them read; the badges follow.
import { API } from '@tyd/protocol/wire';
import { call } from '../../../lib/api-client';
import { invalidateQuery } from '../../../lib/server-state';
import { MESSAGE_LIST_KEY } from './message-list';
import { MESSAGE_UNREAD_KEY, type UnreadCounts } from './message-unread';

export async function markMessagesRead(target: { id: string } | { all: true }): Promise<UnreadCounts> {
  const counts = await call(API.messageRead, target);
  invalidateQuery(MESSAGE_UNREAD_KEY);
  if ('all' in target) invalidateQuery(MESSAGE_LIST_KEY);
  return counts;
}
