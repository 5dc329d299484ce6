// GET OPS_SUMMARY_PATH?days=N (docs/api.md "Operations summary"): the operations view's aggregates,
// for a signed-in operator (the httpOnly session cookie the browser sends). Not a sealed product call
// (plain JSON), so it does not go through the API client: its toasts, 401 login handling and request
// counter are for users' pages.
// The path from the zod-free wire entry and the answer's type only (opsTelemetrySummary's response in
// @tyd/protocol/schemas): no schema code in this page's first load.
import type { OpsSummary } from '@tyd/protocol/schemas';
import { OPS_SUMMARY_PATH } from '@tyd/protocol/wire';

export type OpsFailure = 'unauthorized' | 'unavailable';

export class OpsError extends Error {
  override name = 'OpsError';
  constructor(readonly failure: OpsFailure) {
    super(failure);
  }
}

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
  let res: Response;
  try {
    res = await fetch(`${OPS_SUMMARY_PATH}?days=${days}`, { credentials: 'same-origin', signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new OpsError('unavailable');
  }
  // 401: no session, or it ended (idle, too old, the operator disabled).
  if (res.status === 401) throw new OpsError('unauthorized');
  const body = (await res.json().catch(() => null)) as { code?: string; data?: unknown } | null;
  if (!res.ok || body?.code !== '200' || !isSummary(body.data)) throw new OpsError('unavailable');
  return body.data;
}
