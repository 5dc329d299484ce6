// POST /v1/user/download-data-export (docs/api.md "Personal information"): the copy itself, which the server
// hands out once. So one fetch per export id and page load, whatever mounts the page twice (a development
// double effect, a quick back and forth): the answer is kept in memory for this page load only (never in
// storage: it holds the full ID and card numbers), and dropped when the page is left for good.
import { API, type ApiResponse, type RefResponse } from '@tyd/protocol/wire';
import { request } from '../../../lib/api-client';

export type PersonalDataCopy = RefResponse<typeof API.downloadDataExport>;

const fetched = new Map<string, Promise<ApiResponse<PersonalDataCopy>>>();
const dropping = new Map<string, ReturnType<typeof setTimeout>>();

export function downloadOnce(exportId: string): Promise<ApiResponse<PersonalDataCopy>> {
  const pending = dropping.get(exportId);
  if (pending) clearTimeout(pending);
  dropping.delete(exportId);
  let answer = fetched.get(exportId);
  if (!answer) {
    answer = request(API.downloadDataExport, { exportId }, { loading: '正在生成…', toastErrors: false });
    fetched.set(exportId, answer);
  }
  return answer;
}

/** Forgets the copy shortly after its page went (a remount within the delay keeps it). */
export function forgetSoon(exportId: string, delayMs = 1_000): void {
  const pending = dropping.get(exportId);
  if (pending) clearTimeout(pending);
  dropping.set(
    exportId,
    setTimeout(() => {
      fetched.delete(exportId);
      dropping.delete(exportId);
    }, delayMs),
  );
}
