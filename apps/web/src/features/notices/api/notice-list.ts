// POST /v1/notice/notice-list (SPEC §7): notices or announcements, newest first, by cursor.
import { API, type RefResponse } from '@tyd/protocol/wire';
import { call } from '../../../lib/api-client';
import { usePagedList } from '../../../lib/paged-list';

export type NoticePage = RefResponse<typeof API.noticeList>;
export type NoticeSummary = NoticePage['items'][number];
export const NOTICE_LIST_KEY = 'notice-list';

export function getNoticeList(kind: 'notice' | 'announcement', cursor?: string, signal?: AbortSignal): Promise<NoticePage> {
  // The first page's failure is shown in the list (inline, with 重试); a further page's is toasted.
  return call(API.noticeList, { kind, ...(cursor && { cursor }) }, { signal, ...(!cursor && { inlineErrors: true }) });
}

/** `enabled` false: not asked (yet). */
export function useNoticeList(kind: 'notice' | 'announcement', enabled = true) {
  return usePagedList(enabled ? [NOTICE_LIST_KEY, kind] : null, (cursor, signal) => getNoticeList(kind, cursor, signal));
}
