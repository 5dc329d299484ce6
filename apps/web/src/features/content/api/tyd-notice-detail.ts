// POST /v1/content/tyd-notice-detail (SPEC §7): a discover article (or announcement) to read.
import { API_PATH } from '@tyd/protocol/wire';
import type { EndpointResponseData, tydNoticeDetail as tydNoticeDetailEndpoint } from '@tyd/protocol/schemas';
import { call } from '../../../lib/api-client';
import { useQuery } from '../../../lib/server-state';

export type ContentDetail = EndpointResponseData<typeof tydNoticeDetailEndpoint>;

export function useContentDetail(id: string | null) {
  return useQuery(id ? ['tyd-notice-detail', id] : null, (signal) => call<ContentDetail>(API_PATH.tydNoticeDetail, { id }, { signal, toastErrors: false }), { staleTimeMs: 60_000 });
}
