// POST /v1/notice/notice-list (SPEC §7): notices or announcements, newest first, by cursor.
import { API_PATH } from '@tyd/protocol/wire';
import type { EndpointResponseData, noticeList as noticeListEndpoint } from '@tyd/protocol/schemas';
import { call } from '../../../lib/api-client';
import { usePagedList } from '../../../lib/paged-list';

export type NoticePage = EndpointResponseData<typeof noticeListEndpoint>;
export type NoticeSummary = NoticePage['items'][number];
export const NOTICE_LIST_KEY = 'notice-list';

export function getNoticeList(kind: 'notice' | 'announcement', cursor?: string, signal?: AbortSignal): Promise<NoticePage> {
  return call<NoticePage>(API_PATH.noticeList, { kind, ...(cursor && { cursor }) }, { signal, toastErrors: false });
}

export function useNoticeList(kind: 'notice' | 'announcement') {
  return usePagedList([NOTICE_LIST_KEY, kind], (cursor, signal) => getNoticeList(kind, cursor, signal));
}
