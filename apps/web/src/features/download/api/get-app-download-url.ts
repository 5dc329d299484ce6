// POST /v1/user/getAppDownloadUrl (SPEC §7): the app's download links. The payload fields are
// not in the spec; this client reads `androidUrl` and `iosUrl` and accepts only http(s) links.
import { API_PATH } from '@tyd/protocol/wire';
import { call, type CallOptions } from '../../../lib/api-client';
import { useQuery } from '../../../lib/server-state';

export interface AppDownloadUrls {
  androidUrl: string | null;
  iosUrl: string | null;
}

function httpUrl(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

export async function getAppDownloadUrls(signal?: AbortSignal, opts: Pick<CallOptions, 'loading'> = {}): Promise<AppDownloadUrls> {
  const data = await call<Record<string, unknown> | undefined>(API_PATH.getAppDownloadUrl, {}, { ...opts, signal });
  return { androidUrl: httpUrl(data?.androidUrl), iosUrl: httpUrl(data?.iosUrl) };
}

export function useAppDownloadUrls() {
  return useQuery('app-download-urls', getAppDownloadUrls);
}
