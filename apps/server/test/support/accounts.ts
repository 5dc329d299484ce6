// Helpers for the account API tests: a movable clock, the sandbox outbox, sending codes and logging in
// through the real endpoints, and calls from a chosen client address (X-Forwarded-For behind TRUST_PROXY=1: the one proxy hop is the test itself).
import type { Endpoint } from '@tyd/protocol';
import type { ApiClient, ApiResult, EndpointPayload, PrepareOptions, RawOptions } from './api-client.js';
import { sendSmsCode, userLoginV1 } from '@tyd/protocol';

/** A clock the test moves forward instead of sleeping. */
export interface TestClock {
  (): number;
  advance(ms: number): void;
}

export function testClock(start = Date.now()): TestClock {
  let offset = 0;
  const clock = (() => start + offset + 0) as TestClock;
  clock.advance = (ms: number) => {
    offset += ms;
  };
  return clock;
}

export interface OutboxMessage {
  purpose: string;
  code: string;
  text: string;
  sentAt: number;
}

/** The sandbox outbox of a number, newest first. */
export async function outbox(baseUrl: string, phone: string): Promise<OutboxMessage[]> {
  const res = await fetch(`${baseUrl}/sandbox/sms?phone=${phone}`);
  if (!res.ok) throw new Error(`outbox: HTTP ${res.status}`);
  return ((await res.json()) as { messages: OutboxMessage[] }).messages;
}

export async function latestCode(baseUrl: string, phone: string): Promise<string> {
  const [message] = await outbox(baseUrl, phone);
  if (!message) throw new Error('no sms in the outbox');
  return message.code;
}

/** One call from a given client address (the app must run with TRUST_PROXY=1). */
export async function callFrom<E extends Endpoint>(client: ApiClient, ip: string, endpoint: E, payload: unknown, opts: RawOptions): Promise<ApiResult<E>>;
export async function callFrom<E extends Endpoint>(
  client: ApiClient,
  ip: string,
  endpoint: E,
  payload: EndpointPayload<E>,
  opts?: PrepareOptions,
): Promise<ApiResult<E>>;
export async function callFrom<E extends Endpoint>(
  client: ApiClient,
  ip: string,
  endpoint: E,
  payload: unknown,
  opts: PrepareOptions = {},
): Promise<ApiResult<E>> {
  const prepared = await client.prepare(endpoint, payload, { ...opts, raw: true });
  return (await client.send({ ...prepared, headers: { ...prepared.headers, 'x-forwarded-for': ip } })) as ApiResult<E>;
}

export const AGREEMENT_VERSION = '2026-11-01~2026-11-01';

/**
 * Sends a login code and logs in (registering when new); the client keeps the token. `sendCode` makes the
 * send call (the browser journeys wait out the number's resend cooldown through it: e2e/support/sms-outbox.ts).
 */
export async function signUp(
  client: ApiClient,
  baseUrl: string,
  phone: string,
  extra: Record<string, unknown> = {},
  sendCode: (send: () => Promise<ApiResult>) => Promise<ApiResult> = (send) => send(),
): Promise<ApiResult> {
  const sent = await sendCode(() => client.call(sendSmsCode, { phone, purpose: 'login' }));
  if (sent.response?.code !== '200') throw new Error(`sms-send-v1 answered ${JSON.stringify(sent.response)}`);
  const smsCode = await latestCode(baseUrl, phone);
  const result = await client.call(userLoginV1, { phone, smsCode, agreementVersion: AGREEMENT_VERSION, ...extra });
  const data = result.response?.data as { accessToken?: string } | undefined;
  if (data?.accessToken) client.accessToken = data.accessToken;
  return result;
}
