// The http provider: POSTs each message to a configured SMS gateway with a template id.
// Request: POST <SMS_HTTP_URL>, JSON {"phone","templateId","params":{"code","minutes"}}, optional
// "Authorization: Bearer <SMS_HTTP_TOKEN>". Success is a 2xx answer with a JSON object {"ok": true};
// anything else (timeout, network error, other status, other body) is a SmsDeliveryError, answered
// 502/4209 by the caller. The gateway's answer is never logged in full: it may echo the phone number.
import { SmsDeliveryError, type SmsMessage, type SmsProvider } from './sms-provider.js';

export interface HttpSmsProviderOptions {
  url: string;
  templateId: string;
  token: string | undefined;
  timeoutMs: number;
}

export function createHttpSmsProvider(opts: HttpSmsProviderOptions): SmsProvider {
  return {
    name: 'http',
    async send(message: SmsMessage) {
      let response: Response;
      try {
        response = await fetch(opts.url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(opts.token && { authorization: `Bearer ${opts.token}` }),
          },
          body: JSON.stringify({ phone: message.phone, templateId: opts.templateId, params: { code: message.code, minutes: message.validMinutes } }),
          signal: AbortSignal.timeout(opts.timeoutMs),
          redirect: 'error',
        });
      } catch (error) {
        const timedOut = error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError');
        throw new SmsDeliveryError(timedOut ? 'timeout' : 'network', timedOut ? `no answer within ${opts.timeoutMs} ms` : 'request failed');
      }
      let body: unknown;
      try {
        const text = await response.text();
        body = JSON.parse(text);
      } catch (error) {
        const timedOut = error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError');
        if (timedOut) throw new SmsDeliveryError('timeout', `answer not complete within ${opts.timeoutMs} ms`);
        if (!response.ok) throw new SmsDeliveryError('http-status', `HTTP ${response.status}`);
        throw new SmsDeliveryError('bad-answer', `HTTP ${response.status}, body is not JSON`);
      }
      if (!response.ok) throw new SmsDeliveryError('http-status', `HTTP ${response.status}`);
      if (typeof body !== 'object' || body === null || (body as { ok?: unknown }).ok !== true) {
        throw new SmsDeliveryError('refused', `HTTP ${response.status}, ok is not true`);
      }
    },
  };
}
