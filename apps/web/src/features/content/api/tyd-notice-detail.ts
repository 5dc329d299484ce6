// POST /v1/content/tyd-notice-detail (SPEC §7): a discover article (or announcement) to read.
import { API, CONTENT_ID_PATTERN, type RefResponse } from '@tyd/protocol/wire';
import { call } from '../../../lib/api-client';
import { isNotFound } from '../../../lib/api-errors';
import { useQuery } from '../../../lib/server-state';

export type ContentDetail = RefResponse<typeof API.tydNoticeDetail>;

/**
 * The article `id` names; `missing` when there is none (no id, an id of a shape no item has, or the server's
 * 404). A failure is the page's to say, in place: nothing is toasted.
 */
export function useContentDetail(id: string | null) {
  const valid = id !== null && CONTENT_ID_PATTERN.test(id);
  const detail = useQuery(valid ? ['tyd-notice-detail', id] : null, (signal) => call(API.tydNoticeDetail, { id: id ?? '' }, { signal, inlineErrors: true }), {
    staleTimeMs: 60_000,
  });
  return { ...detail, missing: !valid || (detail.status === 'error' && isNotFound(detail.error)) };
}
