// POST /v1/notice/notice-detail (SPEC §7): a notice or announcement to read, its body as safe HTML.
import { API_PATH } from '@tyd/protocol/wire';
import type { EndpointResponseData, noticeDetail as noticeDetailEndpoint } from '@tyd/protocol/schemas';
import { call } from '../../../lib/api-client';
import { useQuery } from '../../../lib/server-state';

export type NoticeDetail = EndpointResponseData<typeof noticeDetailEndpoint>;

export function useNoticeDetail(id: string | null) {
  return useQuery(id ? ['notice-detail', id] : null, (signal) => call<NoticeDetail>(API_PATH.noticeDetail, { id }, { signal, toastErrors: false }), { staleTimeMs: 60_000 });
}
