// GET OPS_SUMMARY_PATH?days=N (docs/api.md "Operations summary"): the operations view's aggregates,
// for a signed-in operator, through the console's one call (lib/ops-api.ts: the session cookie, a 401 as
// an ended session). The path from the zod-free wire entry and the answer's type only (opsTelemetrySummary's
// response in @tyd/protocol/schemas): no schema code in this page's first load, so the shape is checked here.
import type { OpsSummary } from '@tyd/protocol/schemas';
import { OPS_SUMMARY_PATH } from '@tyd/protocol/wire';
import { OpsApiError, opsRequest } from '../../../lib/ops-api';

function isSummary(data: unknown): data is OpsSummary {
  const d = data as Partial<OpsSummary> | null;
  return (
    typeof d === 'object' &&
    d !== null &&
    typeof d.from === 'string' &&
    typeof d.days === 'number' &&
    [d.pagePerformance, d.fieldVitals, d.events, d.sms, d.errorCodes].every(Array.isArray)
  );
}

export async function getOpsSummary(days: number, signal?: AbortSignal): Promise<OpsSummary> {
  const data = await opsRequest<unknown>(`${OPS_SUMMARY_PATH}?days=${days}`, { signal });
  if (!isSummary(data)) throw new OpsApiError('unavailable', '数据加载失败，请检查网络后重试');
  return data;
}
