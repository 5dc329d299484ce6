// Test support for the /ops pages: the server's answers to the operator's session calls (GET and POST
// /ops/api/session), built through the call's response schema, so a page test stubs fetch once for the
// session and gets on with what it is about. `signedIn` false: no session until the form signs in with
// OPS_TEST_CREDENTIALS (anything else is the server's refusal). `role`: the signed-in operator's (pages show
// only what it may do), administrator unless named.
import { opsSession, opsSignIn, parseOpsResponseData, type OpsOperator } from '@tyd/protocol/schemas';
import type { OpsRole } from '@tyd/protocol/wire';
import { OPS_PATH } from '@tyd/protocol/wire';

export const OPS_TEST_OPERATOR: OpsOperator = {
  id: 'op_test',
  name: 'li-si',
  role: 'administrator',
  createdAt: 1,
  createdBy: 'admin-command',
  disabledAt: null,
  enrolledAt: 2,
};
export const OPS_TEST_CSRF = 'csrf-token-of-the-test-session';
export const OPS_TEST_CREDENTIALS = { name: 'li-si', password: 'a long pass phrase', code: '123456' };

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export function opsSessionAnswers(opts: { signedIn: boolean; role?: OpsRole }) {
  let signedIn = opts.signedIn;
  const operator = { ...OPS_TEST_OPERATOR, role: opts.role ?? OPS_TEST_OPERATOR.role };
  const session = () => {
    const data = parseOpsResponseData(opsSession, { operator, csrfToken: OPS_TEST_CSRF, idleExpiresAt: 2, expiresAt: 3 });
    if (!data.ok || !parseOpsResponseData(opsSignIn, data.data).ok)
      throw new Error(`session answer outside its schema: ${data.ok ? '' : data.issues.join(', ')}`);
    return json(200, { code: '200', msg: '成功', data: data.data });
  };
  return {
    /** The answer to a session call, or undefined for any other call. */
    answer(url: string, init: RequestInit = {}): Response | undefined {
      if (url !== OPS_PATH.session) return undefined;
      if ((init.method ?? 'GET') === 'GET') return signedIn ? session() : json(401, { code: '401', msg: '登录已失效，请重新登录' });
      const sent = JSON.parse(String(init.body)) as unknown;
      if (JSON.stringify(sent) !== JSON.stringify(OPS_TEST_CREDENTIALS))
        return json(401, { code: '401', msg: '登录已失效，请重新登录', data: { reason: '账号名、密码或动态码错误' } });
      signedIn = true;
      return session();
    },
  };
}
