// The answers the server may write into a page with its first screen (docs/architecture.md "Server
// answers in the first screen"), by API path: the query each one fills, read as the page's own fetcher
// reads that endpoint's answer. Used by the prerender only (prerender.tsx); the browser receives the
// filled queries, not this table.
import { API_PATH } from '@tyd/protocol/wire';
import { NEW_USER_GIFT_INFO_KEY, type NewUserGiftInfo } from '../features/activity/api/new-user-gift-info';
import { APP_DOWNLOAD_URLS_KEY, readAppDownloadUrls } from '../features/download/api/get-app-download-url';
import type { QueryKey } from '../lib/server-state';

export const SERVER_ANSWERS: Readonly<Record<string, (data: unknown) => readonly [QueryKey, unknown]>> = {
  [API_PATH.getAppDownloadUrl]: (data) => [APP_DOWNLOAD_URLS_KEY, readAppDownloadUrls(data)],
  // The server's own answer to the same call, already in the endpoint's schema (apps/server rewards).
  [API_PATH.newUserGiftInfo]: (data) => [NEW_USER_GIFT_INFO_KEY, data as NewUserGiftInfo],
};
