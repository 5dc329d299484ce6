// POST /v1/notice/home-page-notice (SPEC §7): the latest important notice for the home banner. Quiet:
// without it home simply shows no banner.
import { API_PATH } from '@tyd/protocol/wire';
import type { EndpointResponseData, homePageNotice as homePageNoticeEndpoint } from '@tyd/protocol/schemas';
import { call } from '../../../lib/api-client';
import { useQuery } from '../../../lib/server-state';

export type HomePageNotice = EndpointResponseData<typeof homePageNoticeEndpoint>;

export function useHomePageNotice() {
  return useQuery('home-page-notice', (signal) => call<HomePageNotice>(API_PATH.homePageNotice, {}, { signal, toastErrors: false }), { staleTimeMs: 60_000 });
}
