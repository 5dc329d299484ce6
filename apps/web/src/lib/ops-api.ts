// The operators' APIs behind the admin token (docs/api.md "Operations summary", "Content operations",
// "Rewards operations"): plain JSON with `Authorization: Bearer`, not sealed product calls, so not through
// the API client (its toasts, 401 login handling and request counter are for users' pages). The token is
// the operator's, one for every /ops page: kept for this tab only (sessionStorage), never logged.
import { session } from './storage';

export const OPS_TOKEN_KEY = 'tyd.opsToken';

export const opsToken = {
  get: (): string | null => session.get(OPS_TOKEN_KEY),
  set: (token: string): void => session.set(OPS_TOKEN_KEY, token),
  clear: (): void => session.remove(OPS_TOKEN_KEY),
};

/** 'unauthorized': a missing or wrong token; 'disabled': the server has no admin token (the API is off); 'refused': the server's reason. */
export type OpsApiFailure = 'unauthorized' | 'disabled' | 'refused' | 'unavailable';

export class OpsApiError extends Error {
  override name = 'OpsApiError';
  constructor(
    readonly failure: OpsApiFailure,
    reason: string,
    readonly status?: number,
  ) {
    super(reason);
  }
}

/** A call with the stored token: the answer's `data`, or an OpsApiError whose message the page shows as is. */
export async function opsRequest<T>(url: string, opts: { method?: string; body?: unknown; signal?: AbortSignal } = {}): Promise<T> {
  const { method = 'GET', body, signal } = opts;
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      credentials: 'same-origin',
      signal,
      headers: { authorization: `Bearer ${opsToken.get() ?? ''}`, ...(body !== undefined && { 'content-type': 'application/json' }) },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new OpsApiError('unavailable', '网络连接异常，请稍后重试');
  }
  if (res.status === 401) throw new OpsApiError('unauthorized', '管理令牌错误', 401);
  const answer = (await res.json().catch(() => null)) as { code?: string; data?: unknown } | null;
  if (res.status === 404 && !answer?.data) throw new OpsApiError('disabled', '运营接口未开启：服务器未配置管理令牌（TYD_ADMIN_TOKEN）。', 404);
  if (!res.ok || answer?.code !== '200') {
    const reason = (answer?.data as { reason?: string } | undefined)?.reason;
    throw new OpsApiError('refused', reason ?? '操作失败，请稍后重试', res.status);
  }
  return answer.data as T;
}
