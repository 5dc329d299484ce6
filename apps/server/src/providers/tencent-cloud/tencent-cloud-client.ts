// One call to a Tencent Cloud API 3.0 endpoint: a signed JSON POST whose answer is
// {"Response": {..., "RequestId"}} or {"Response": {"Error": {"Code", "Message"}, "RequestId"}}, both with
// HTTP 200 (cloud.tencent.com/document/api/213/30613 "返回结果"). Transport failures, other statuses and
// unreadable answers are ProviderUnavailable; an Error goes back to the adapter as a VendorError, which
// maps the codes that are outcomes of its API (an unreadable card, an expired session) and reports every
// other one (InternalError, RequestLimitExceeded, AuthFailure...) as ProviderUnavailable. The vendor's
// Message is never read or logged: it may repeat what we sent.
import type { HttpProviderSettings } from '../provider-mode.js';
import { ProviderUnavailable, type ProviderKind } from '../provider-error.js';
import { signedTc3Headers } from './tc3-signature.js';

/** The vendor answered with an error code; the adapter decides whether it is an outcome or an outage. */
export class VendorError extends Error {
  override readonly name = 'VendorError';
  constructor(readonly code: string) {
    super(`vendor error ${code}`);
  }
}

export interface TencentCloudCall {
  provider: ProviderKind;
  service: string;
  action: string;
  version: string;
  payload: Record<string, unknown>;
}

export type TencentCloudClient = (call: TencentCloudCall) => Promise<Record<string, unknown>>;

export function createTencentCloudClient(settings: HttpProviderSettings, now: () => number = Date.now): TencentCloudClient {
  const url = new URL(settings.url);
  return async ({ provider, service, action, version, payload }) => {
    const body = JSON.stringify(payload);
    const headers = signedTc3Headers({
      secretId: settings.secretId,
      secretKey: settings.secretKey,
      service,
      host: url.host,
      action,
      version,
      region: settings.region,
      body,
      timestamp: Math.floor(now() / 1000),
    });
    const fail = (reason: ConstructorParameters<typeof ProviderUnavailable>[1], detail: string) =>
      new ProviderUnavailable(provider, reason, `${action}: ${detail}`);
    let text: string;
    let status: number;
    try {
      const response = await fetch(url, { method: 'POST', headers, body, signal: AbortSignal.timeout(settings.timeoutMs), redirect: 'error' });
      status = response.status;
      text = await response.text();
    } catch (error) {
      const timedOut = error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError');
      throw timedOut ? fail('timeout', `no answer within ${settings.timeoutMs} ms`) : fail('network', 'request failed');
    }
    if (status < 200 || status > 299) throw fail('http-status', `HTTP ${status}`);
    let answer: unknown;
    try {
      answer = JSON.parse(text);
    } catch {
      throw fail('bad-answer', 'body is not JSON');
    }
    const inner = typeof answer === 'object' && answer !== null ? (answer as { Response?: unknown }).Response : undefined;
    if (typeof inner !== 'object' || inner === null || Array.isArray(inner)) throw fail('bad-answer', 'no Response object');
    const error = (inner as { Error?: { Code?: unknown } }).Error;
    if (error !== undefined) {
      const code = typeof error === 'object' && error !== null && typeof error.Code === 'string' ? error.Code : '';
      if (!code) throw fail('bad-answer', 'Error without a Code');
      throw new VendorError(code);
    }
    return inner as Record<string, unknown>;
  };
}

/** A string field of a vendor answer, or a bad-answer failure. */
export function stringField(provider: ProviderKind, answer: Record<string, unknown>, name: string): string {
  const value = answer[name];
  if (typeof value !== 'string') throw new ProviderUnavailable(provider, 'bad-answer', `${name} is not a string`);
  return value;
}
