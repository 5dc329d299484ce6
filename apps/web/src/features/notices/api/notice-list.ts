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

export function useNoticeList(kind: 'notice' | 'announcement') {
  return usePagedList([NOTICE_LIST_KEY, kind], (cursor, signal) => getNoticeList(kind, cursor, signal));
}
