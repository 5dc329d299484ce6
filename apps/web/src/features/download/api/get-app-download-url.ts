// POST /v1/user/getAppDownloadUrl (SPEC §7): the app's download links. The payload fields are
// not in the spec; this client reads `androidUrl` and `iosUrl` and accepts only http(s) links.
import { API, type RefResponse } from '@tyd/protocol/wire';
import { call, type CallOptions } from '../../../lib/api-client';
import { useQuery } from '../../../lib/server-state';

export type AppDownloadUrls = RefResponse<typeof API.getAppDownloadUrl>;

function httpUrl(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

export const APP_DOWNLOAD_URLS_KEY = 'app-download-urls';

/** The endpoint's answer as the page uses it; also for the answer the server writes into the page (app/server-answers.ts). */
export function readAppDownloadUrls(data: unknown): AppDownloadUrls {
  const fields = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>;
  return { androidUrl: httpUrl(fields.androidUrl), iosUrl: httpUrl(fields.iosUrl) };
}

export async function getAppDownloadUrls(signal?: AbortSignal, opts: Pick<CallOptions, 'loading'> = {}): Promise<AppDownloadUrls> {
  return readAppDownloadUrls(await call(API.getAppDownloadUrl, {}, { ...opts, signal }));
}

export function useAppDownloadUrls() {
  return useQuery(APP_DOWNLOAD_URLS_KEY, getAppDownloadUrls);
}
