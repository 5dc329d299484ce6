// Operators for API tests: one added with the admin command (in-process, against the test server's database,
// at the app's clock) and enrolled through its link as the operator would (POST /ops/api/enrolment with the
// token, then /finish with a password chosen here and a code of the secret shown), then signed in through
// POST /ops/api/session with its password and a fresh TOTP code, and a client that holds its session cookie
// and CSRF token as the /ops page does (the cookie as a header, the token in memory).
import { randomBytes } from 'node:crypto';
import { OPS_CSRF_HEADER, OPS_PATH, type OpsRole } from '@tyd/protocol';
import { totpCode } from '../../src/operators/services/credentials.js';
import { capturedAdmin } from './admin-command.js';
import type { TestApp } from './test-app.js';

export interface OpsAnswer<T = unknown> {
  status: number;
  headers: Headers;
  body: { code: string; subcode?: string; msg?: string; data?: T };
}

export interface OperatorEnrolment {
  operator: { id: string; name: string; role: OpsRole };
  password: string;
  totpSecret: string;
}

export interface OpsClient {
  operator: OperatorEnrolment['operator'];
  /** The session cookie as sent (`tyd_ops=…`); a new one after signing in again (staySignedIn). */
  cookie: string;
  csrfToken: string;
  /** A call with the session and, unless `csrf: false`, the CSRF token; `path` from OPS_PATH with `:id` filled in. */
  call<T = unknown>(method: string, path: string, body?: unknown, opts?: { csrf?: string | false; headers?: Record<string, string> }): Promise<OpsAnswer<T>>;
}

let counter = 0;
/** A name no other test of the run uses. */
export const operatorName = (role: string) => `${role.replace('_', '-')}-${process.pid}-${++counter}`;

/** What the admin command and POST /ops/api/operators print for a new or reset operator. */
export interface EnrolmentLinkAnswer {
  operator: OperatorEnrolment['operator'] & { enrolledAt: number | null };
  enrolmentUrl: string;
  enrolmentExpiresAt: number;
}

/** The token of an enrolment link (the part after `#`). */
export function enrolmentToken(url: string): string {
  const token = new URL(url).hash.slice(1);
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) throw new Error(`no enrolment token in ${url}`);
  return token;
}

/**
 * Completes an enrolment link as its operator: opens it, then finishes with `password` and the code of the
 * step before `at` (accepted within RFC 6238's drift window), so a sign-in with the code of `at` follows at
 * once (each step's code is taken once). Answers the TOTP secret the link showed.
 */
export async function enrol(t: TestApp, url: string, password: string, at = t.app.clock()): Promise<string> {
  const token = enrolmentToken(url);
  const started = await opsFetch<{ totpSecret: string }>(t, 'POST', OPS_PATH.enrolment, { token });
  if (started.status !== 200) throw new Error(`enrolment start answered ${started.status} ${JSON.stringify(started.body)}`);
  const totpSecret = started.body.data!.totpSecret;
  const finished = await opsFetch(t, 'POST', OPS_PATH.enrolmentFinish, { token, password, code: totpCode(totpSecret, at - 30_000) });
  if (finished.status !== 200) throw new Error(`enrolment finish answered ${finished.status} ${JSON.stringify(finished.body)}`);
  return totpSecret;
}

/** A password of the kind an operator would choose (NIST SP 800-63B: long, nothing common). */
export const choosePassword = () => `pw ${randomBytes(12).toString('base64url')} long`;

/** Adds an operator with the admin command (at the app's clock) and enrols them with a password chosen here. */
export async function addOperator(t: TestApp, role: OpsRole, name = operatorName(role)): Promise<OperatorEnrolment> {
  const added = await capturedAdmin(['operators', 'add', name, '--role', role, '--origin', t.baseUrl], t.env, () => t.app.clock(), t.app.database);
  if (added.code !== 0) throw new Error(`operators add ${name} exited ${added.code}: ${added.stderr}`);
  const printed = JSON.parse(added.stdout) as EnrolmentLinkAnswer;
  const password = choosePassword();
  return { operator: printed.operator, password, totpSecret: await enrol(t, printed.enrolmentUrl, password) };
}

/** Any call to the ops API, with the headers given and nothing else. */
export async function opsFetch<T = unknown>(
  t: TestApp,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<OpsAnswer<T>> {
  const response = await fetch(`${t.baseUrl}${path}`, {
    method,
    headers: { ...(body !== undefined && { 'content-type': 'application/json' }), ...headers },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  let answer: OpsAnswer<T>['body'];
  try {
    answer = JSON.parse(text) as OpsAnswer<T>['body'];
  } catch {
    answer = { code: String(response.status), msg: text };
  }
  return { status: response.status, headers: response.headers, body: answer };
}

async function session(t: TestApp, enrolment: OperatorEnrolment, at: number): Promise<{ cookie: string; csrfToken: string }> {
  const answer = await opsFetch<{ csrfToken: string }>(t, 'POST', OPS_PATH.session, {
    name: enrolment.operator.name,
    password: enrolment.password,
    code: totpCode(enrolment.totpSecret, at),
  });
  if (answer.status !== 200) throw new Error(`sign-in of ${enrolment.operator.name} answered ${answer.status} ${JSON.stringify(answer.body)}`);
  return { cookie: (answer.headers.get('set-cookie') ?? '').split(';')[0] ?? '', csrfToken: answer.body.data?.csrfToken ?? '' };
}

/**
 * Signs in with the enrolment's password and the TOTP code of `at` (the app's clock by default). With
 * `staySignedIn`, a call answered 401 signs in again (with the code of the app's clock then) and is sent
 * once more: for tests whose clock jumps past the session's idle timeout and that are not about sessions.
 */
export async function signIn(t: TestApp, enrolment: OperatorEnrolment, at = t.app.clock(), opts: { staySignedIn?: boolean } = {}): Promise<OpsClient> {
  const client: OpsClient = {
    operator: enrolment.operator,
    ...(await session(t, enrolment, at)),
    async call(method, path, body, callOpts = {}) {
      const send = () =>
        opsFetch(t, method, path, body, {
          cookie: client.cookie,
          ...(callOpts.csrf !== false && { [OPS_CSRF_HEADER]: callOpts.csrf ?? client.csrfToken }),
          ...callOpts.headers,
        });
      const answer = await send();
      if (answer.status !== 401 || !opts.staySignedIn) return answer as never;
      Object.assign(client, await session(t, enrolment, t.app.clock()));
      return (await send()) as never;
    },
  };
  return client;
}

/** An operator of `role`, added and signed in. */
export async function signedInOperator(t: TestApp, role: OpsRole, opts: { staySignedIn?: boolean } = {}): Promise<OpsClient> {
  return signIn(t, await addOperator(t, role), undefined, opts);
}
