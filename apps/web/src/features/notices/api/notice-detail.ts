// POST /v1/notice/notice-detail (SPEC §7): a notice or announcement to read, its body as safe HTML.
import { API, type RefResponse } from '@tyd/protocol/wire';
import { call } from '../../../lib/api-client';
import { useQuery } from '../../../lib/server-state';

export type NoticeDetail = RefResponse<typeof API.noticeDetail>;

export function useNoticeDetail(id: string | null) {
  return useQuery(id ? ['notice-detail', id] : null, (signal) => call(API.noticeDetail, { id: id ?? '' }, { signal, inlineErrors: true }), {
    staleTimeMs: 60_000,
  });
}
