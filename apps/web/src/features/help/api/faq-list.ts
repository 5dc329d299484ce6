// POST /v1/content/faq-list (docs/api.md "Help and customer service"): the published 常见问题 by category,
// the same for everyone; shown with or without a session. Its failure is shown in the page (重试), not toasted.
import { API, type RefResponse } from '@tyd/protocol/wire';
import { call } from '../../../lib/api-client';
import { useQuery } from '../../../lib/server-state';

export type FaqCategory = RefResponse<typeof API.faqList>['categories'][number];

export function useFaqList() {
  return useQuery('faq-list', (signal) => call(API.faqList, {}, { signal, inlineErrors: true }), { staleTimeMs: 5 * 60_000 });
}
