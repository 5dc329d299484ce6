// POST /v1/content/new-information-info-v1 (SPEC §7): the discover articles, newest first.
import { API, type RefResponse } from '@tyd/protocol/wire';
import { call } from '../../../lib/api-client';
import { useQuery } from '../../../lib/server-state';

export type ArticlePage = RefResponse<typeof API.newInformationInfo>;

/** The newest `limit` articles (home). Quiet: home shows the section only when there are some. */
export function useNewestArticles(limit: number) {
  return useQuery(['new-information-info', limit], (signal) => call(API.newInformationInfo, { limit }, { signal, toastErrors: false }), {
    staleTimeMs: 60_000,
  });
}
