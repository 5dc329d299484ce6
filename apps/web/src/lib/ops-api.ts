// The operators' APIs (docs/api.md "Operators", "Content operations", "Rewards operations", "Operations
// summary"): plain JSON behind an operator's session, not sealed product calls, so not through the API
// client (its toasts, 401 login handling and request counter are for users' pages). The session is the
// httpOnly `tyd_ops` cookie the browser sends by itself; the CSRF token each state-changing call carries in
// X-Ops-CSRF is held in this module's memory only, never in web storage (OWASP CSRF cheat sheet), and read
// again from GET /ops/api/session when the page is loaded anew.
import type { OpsOperator } from '@tyd/protocol/schemas';
import { OPS_CSRF_HEADER, OPS_PATH } from '@tyd/protocol/wire';

/**
 * 'unauthorized': no session or an ended one; 'locked': too many failed sign-ins; 'refused': the server's
 * reason; 'awaiting-approval': the change was kept as a request for a second operator (HTTP 202), not made.
 */
export type OpsApiFailure = 'unauthorized' | 'locked' | 'refused' | 'awaiting-approval' | 'unavailable';

export class OpsApiError extends Error {
  override name = 'OpsApiError';
  constructor(
    readonly failure: OpsApiFailure,
    reason: string,
    readonly status?: number,
    /** The answer's subcode, when it had one (e.g. 4261, an enrolment link no longer valid). */
    readonly subcode?: string,
  ) {
    super(reason);
  }
}

let csrfToken: string | null = null;

async function send(url: string, method: string, body: unknown, signal?: AbortSignal): Promise<Response> {
  try {
    return await fetch(url, {
      method,
      credentials: 'same-origin',
      signal,
      headers: {
        ...(method !== 'GET' && csrfToken !== null && { [OPS_CSRF_HEADER]: csrfToken }),
        ...(body !== undefined && { 'content-type': 'application/json' }),
      },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new OpsApiError('unavailable', '网络连接异常，请稍后重试');
  }
}

/**
 * A call with the session: the answer's `data`, or an OpsApiError whose message the page shows as is. A
 * change kept for a second operator's approval (202, docs/operations.md "Approvals") is not the change's
 * answer, so it is an OpsApiError too, saying so.
 */
export async function opsRequest<T>(url: string, opts: { method?: string; body?: unknown; signal?: AbortSignal } = {}): Promise<T> {
  const res = await send(url, opts.method ?? 'GET', opts.body, opts.signal);
  const answer = (await res.json().catch(() => null)) as { code?: string; subcode?: string; data?: unknown } | null;
  const reason = (answer?.data as { reason?: string } | undefined)?.reason;
  if (res.status === 401) {
    csrfToken = null;
    throw new OpsApiError('unauthorized', '登录已失效，请重新登录', 401);
  }
  if (res.status === 429) throw new OpsApiError('locked', '登录失败次数过多，请稍后再试', 429);
  if (!res.ok || answer?.code !== '200') throw new OpsApiError('refused', reason ?? '操作失败，请稍后重试', res.status, answer?.subcode);
  if (res.status === 202) throw new OpsApiError('awaiting-approval', '已提交审批：需另一位同角色的运营人员批准后生效', 202);
  return answer.data as T;
}

interface SessionAnswer {
  operator: OpsOperator;
  csrfToken: string;
}

/** The operator's session: who is signed in (and the CSRF token, kept here), signing in and out. */
export const opsSession = {
  async current(signal?: AbortSignal): Promise<OpsOperator> {
    const session = await opsRequest<SessionAnswer>(OPS_PATH.session, { signal });
    csrfToken = session.csrfToken;
    return session.operator;
  },
  async signIn(credentials: { name: string; password: string; code: string }): Promise<OpsOperator> {
    const session = await opsRequest<SessionAnswer>(OPS_PATH.session, { method: 'POST', body: credentials }).catch((error: unknown) => {
      // Signing in, a 401 is the credentials, not an ended session.
      if (error instanceof OpsApiError && error.failure === 'unauthorized') throw new OpsApiError('refused', '名称、密码或验证码不正确', 401);
      throw error;
    });
    csrfToken = session.csrfToken;
    return session.operator;
  },
  async signOut(): Promise<void> {
    await opsRequest(OPS_PATH.sessionSignOut, { method: 'POST', body: {} }).catch(() => undefined);
    csrfToken = null;
  },
};
