// POST /v1/content/tyd-notice-detail (SPEC §7): a discover article (or announcement) to read.
import { API, type RefResponse } from '@tyd/protocol/wire';
import { call } from '../../../lib/api-client';
import { useQuery } from '../../../lib/server-state';

export type ContentDetail = RefResponse<typeof API.tydNoticeDetail>;

export function useContentDetail(id: string | null) {
  return useQuery(id ? ['tyd-notice-detail', id] : null, (signal) => call(API.tydNoticeDetail, { id: id ?? '' }, { signal, toastErrors: false }), {
    staleTimeMs: 60_000,
  });
}
