// POST /v1/notice/clear-unread-notice (SPEC §7): every notice so far is read (the account's watermark).
import { API, type RefResponse } from '@tyd/protocol/wire';
import { call } from '../../../lib/api-client';
import { invalidateQuery } from '../../../lib/server-state';
import { NOTICE_LIST_KEY } from './notice-list';
import { MESSAGE_UNREAD_KEY } from './message-unread';

export async function clearUnreadNotices(): Promise<RefResponse<typeof API.clearUnreadNotice>> {
  const answer = await call(API.clearUnreadNotice, {});
  invalidateQuery([NOTICE_LIST_KEY, 'notice']);
  invalidateQuery(MESSAGE_UNREAD_KEY);
  return answer;
}
