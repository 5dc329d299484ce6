// POST /v1/notice/notice-detail (SPEC §7): a notice or announcement to read, its body as safe HTML. With a
// session the server records a notice as read (docs/api.md "Notices, messages and content"), so once it
// arrives the unread counts and the notice list are asked again, wherever the notice was opened from
// (the 通知 list, home's banner, a link in a message).
import { API, CONTENT_ID_PATTERN, type RefResponse } from '@tyd/protocol/wire';
import { call } from '../../../lib/api-client';
import { isNotFound } from '../../../lib/api-errors';
import { invalidateQuery, useQuery } from '../../../lib/server-state';
import { MESSAGE_UNREAD_KEY } from './message-unread';
import { NOTICE_LIST_KEY } from './notice-list';

export type NoticeDetail = RefResponse<typeof API.noticeDetail>;

async function getNoticeDetail(id: string, signal: AbortSignal): Promise<NoticeDetail> {
  const detail = await call(API.noticeDetail, { id }, { signal, inlineErrors: true });
  if (detail.kind === 'notice') {
    invalidateQuery(MESSAGE_UNREAD_KEY);
    invalidateQuery([NOTICE_LIST_KEY, 'notice']);
  }
  return detail;
}

/**
 * The notice `id` names; `missing` when there is none: no id, an id of a shape no item has (not asked), or
 * the server's 404. Other failures are said in place with 重新加载 (inline, never toasted).
 */
export function useNoticeDetail(id: string | null) {
  const valid = id !== null && CONTENT_ID_PATTERN.test(id);
  const detail = useQuery(valid ? ['notice-detail', id] : null, (signal) => getNoticeDetail(id ?? '', signal), { staleTimeMs: 60_000 });
  return { ...detail, missing: !valid || (detail.status === 'error' && isNotFound(detail.error)) };
}
