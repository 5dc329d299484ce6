// Operators for browser journeys (docs/operations.md "Operators"): one added with the admin command
// in-process against the journey server's DATA_DIR (`operators add … --origin`, as an administrator scripts
// it) and enrolled through the link it prints as the operator would (POST /ops/api/enrolment, then /finish
// with a password chosen here and a code of the secret shown), and a browser context signed in as it through
// POST /ops/api/session with its password and a TOTP code (RFC 6238) of now. The session cookie (httpOnly,
// SameSite=Strict, Path=/ops) lands in the context's cookie jar, as a sign-in in the page would leave it; the
// CSRF token is returned for calls the journey makes itself, and the /ops pages read it from GET /ops/api/session.
import { randomBytes } from 'node:crypto';
import { OPS_CSRF_HEADER, OPS_PATH, type OpsRole } from '@tyd/protocol';
import type { BrowserContext } from 'playwright-core';
import { totpCode } from '../../apps/server/src/operators/services/credentials';
import { adminCommand } from './admin-command';
import type { RunningServer } from './server';

export interface E2eOperator {
  name: string;
  role: OpsRole;
  password: string;
  totpSecret: string;
}

let made = 0;

async function post<T>(server: RunningServer, path: string, body: unknown): Promise<T> {
  const res = await fetch(`${server.baseUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const answer = (await res.json()) as { code: string; data?: T };
  if (res.status !== 200 || !answer.data) throw new Error(`${path} answered ${res.status} ${JSON.stringify(answer)}`);
  return answer.data;
}

/**
 * Completes the enrolment link `url` as its operator with `password`, confirming with the code of the step
 * before now (inside RFC 6238's drift window), so a sign-in with the code of now follows at once. Answers the
 * TOTP secret the link showed.
 */
export async function enrolThroughLink(server: RunningServer, url: string, password: string): Promise<string> {
  const token = new URL(url).hash.slice(1);
  const { totpSecret } = await post<{ totpSecret: string }>(server, OPS_PATH.enrolment, { token });
  await post(server, OPS_PATH.enrolmentFinish, { token, password, code: totpCode(totpSecret, Date.now() - 30_000) });
  return totpSecret;
}

/** Adds an operator of `role` (a name unique in the run unless given) and enrols them; the password is chosen here, never printed. */
export async function addOperator(server: RunningServer, role: OpsRole, name = `${role.replace('_', '-')}-${process.pid}-${++made}`): Promise<E2eOperator> {
  const stdout = await adminCommand(server, ['operators', 'add', name, '--role', role, '--origin', server.baseUrl]);
  const { enrolmentUrl } = JSON.parse(stdout) as { enrolmentUrl: string };
  const password = `e2e ${randomBytes(12).toString('base64url')} pass`;
  return { name, role, password, totpSecret: await enrolThroughLink(server, enrolmentUrl, password) };
}

/**
 * Signs `context` in as `operator`; answers the session's CSRF token. A TOTP code is taken once, so an
 * operator signs in at most once per 30-second step: a journey that needs two sessions adds two operators.
 */
export async function signInOperator(context: BrowserContext, server: RunningServer, operator: E2eOperator): Promise<string> {
  const answer = await context.request.post(`${server.baseUrl}${OPS_PATH.session}`, {
    data: { name: operator.name, password: operator.password, code: totpCode(operator.totpSecret, Date.now()) },
    headers: { origin: server.baseUrl },
  });
  const body = (await answer.json()) as { code: string; data?: { csrfToken: string } };
  if (answer.status() !== 200 || !body.data) throw new Error(`operator sign-in of ${operator.name} answered ${answer.status()} ${JSON.stringify(body)}`);
  return body.data.csrfToken;
}

/** An operator of `role`, added and signed in in `context`. */
export async function signedInOperator(context: BrowserContext, server: RunningServer, role: OpsRole): Promise<E2eOperator & { csrfToken: string }> {
  const operator = await addOperator(server, role);
  return { ...operator, csrfToken: await signInOperator(context, server, operator) };
}

/**
 * The ops API from the journey's own process (not a browser): an operator of `role` signed in with fetch,
 * its cookie and CSRF token sent with every call. `call` answers `data` of a `200`, failing the journey on
 * anything else.
 */
export async function opsApiClient(server: RunningServer, role: OpsRole): Promise<{ call<T>(method: string, path: string, body?: unknown): Promise<T> }> {
  const operator = await addOperator(server, role);
  const res = await fetch(`${server.baseUrl}${OPS_PATH.session}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: operator.name, password: operator.password, code: totpCode(operator.totpSecret, Date.now()) }),
  });
  const signedIn = (await res.json()) as { code: string; data?: { csrfToken: string } };
  if (!signedIn.data) throw new Error(`operator sign-in of ${operator.name} answered ${res.status} ${JSON.stringify(signedIn)}`);
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const csrfToken = signedIn.data.csrfToken;
  return {
    async call<T>(method: string, path: string, body?: unknown): Promise<T> {
      const answer = await fetch(`${server.baseUrl}${path}`, {
        method,
        headers: { cookie, ...(method !== 'GET' && { [OPS_CSRF_HEADER]: csrfToken }), ...(body !== undefined && { 'content-type': 'application/json' }) },
        ...(body !== undefined && { body: JSON.stringify(body) }),
      });
      const parsed = (await answer.json()) as { code: string; data: T };
      if (parsed.code !== '200') throw new Error(`${method} ${path} answered ${answer.status} ${JSON.stringify(parsed)}`);
      return parsed.data;
    },
  };
}

/** The operator's TOTP code of now, for a journey that signs in through the /ops form. */
export const currentCode = (operator: E2eOperator): string => totpCode(operator.totpSecret, Date.now());
