// POST /v1/notice/home-page-notice (SPEC §7): the latest important notice for the home banner. Quiet:
// without it home simply shows no banner.
import { API, type RefResponse } from '@tyd/protocol/wire';
import { call } from '../../../lib/api-client';
import { useQuery } from '../../../lib/server-state';

export type HomePageNotice = RefResponse<typeof API.homePageNotice>;

export function useHomePageNotice() {
  return useQuery('home-page-notice', (signal) => call(API.homePageNotice, {}, { signal, background: true }), { staleTimeMs: 60_000 });
}
