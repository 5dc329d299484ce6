// POST /v1/content/new-information-info-v1 (SPEC §7): the discover articles, newest first.
import { API_PATH } from '@tyd/protocol/wire';
import type { EndpointResponseData, newInformationInfo as newInformationInfoEndpoint } from '@tyd/protocol/schemas';
import { call } from '../../../lib/api-client';
import { useQuery } from '../../../lib/server-state';

export type ArticlePage = EndpointResponseData<typeof newInformationInfoEndpoint>;

/** The newest `limit` articles (home). Quiet: home shows the section only when there are some. */
export function useNewestArticles(limit: number) {
  return useQuery(['new-information-info', limit], (signal) => call<ArticlePage>(API_PATH.newInformationInfo, { limit }, { signal, toastErrors: false }), { staleTimeMs: 60_000 });
}
