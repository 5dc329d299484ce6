// GET OPS_SUMMARY_PATH?days=N (docs/api.md "Operations summary"): the operations view's aggregates,
// behind the admin token. Not a sealed product call (plain JSON, `Authorization: Bearer`), so it does
// not go through the API client: its toasts, 401 login handling and request counter are for users'
// pages. The token is the operator's (lib/ops-api.ts).
// The path from the zod-free wire entry and the answer's type only (opsTelemetrySummary's response in
// @tyd/protocol/schemas): no schema code in this page's first load.
import type { OpsSummary } from '@tyd/protocol/schemas';
import { OPS_SUMMARY_PATH } from '@tyd/protocol/wire';

export type OpsFailure = 'unauthorized' | 'disabled' | 'unavailable';

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

export async function getOpsSummary(token: string, days: number, signal?: AbortSignal): Promise<OpsSummary> {
  let res: Response;
  try {
    res = await fetch(`${OPS_SUMMARY_PATH}?days=${days}`, { headers: { authorization: `Bearer ${token}` }, credentials: 'same-origin', signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new OpsError('unavailable');
  }
  // 401: missing or wrong token; 404: the server has no admin token configured (the ops API is off).
  if (res.status === 401) throw new OpsError('unauthorized');
  if (res.status === 404) throw new OpsError('disabled');
  const body = (await res.json().catch(() => null)) as { code?: string; data?: unknown } | null;
  if (!res.ok || body?.code !== '200' || !isSummary(body.data)) throw new OpsError('unavailable');
  return body.data;
}
