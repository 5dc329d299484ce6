// SMS providers behind one interface (docs/api.md "SMS providers"): `sandbox` (nothing leaves the machine) and `http` (a
// gateway). Services hand over a message; a provider either delivers it or throws SmsDeliveryError.
import type { SmsPurpose } from '@tyd/protocol';

export interface SmsMessage {
  phone: string;
  purpose: SmsPurpose;
  code: string;
  /** Minutes the code stays valid, for the text. */
  validMinutes: number;
}

export interface SmsProvider {
  readonly name: 'sandbox' | 'http';
  send(message: SmsMessage): Promise<void>;
}

/** The gateway did not take the message: timeout, network failure, HTTP error, or an answer it did not mean as success. */
export class SmsDeliveryError extends Error {
  override readonly name = 'SmsDeliveryError';
  constructor(
    readonly reason: 'timeout' | 'network' | 'http-status' | 'bad-answer' | 'refused',
    detail: string,
  ) {
    super(`sms gateway ${reason}: ${detail}`);
  }
}

/** The text a user receives (the sandbox keeps it; the http gateway renders its own template). */
export function smsText(message: Pick<SmsMessage, 'code' | 'validMinutes'>): string {
  return `【通盈达】您的验证码是${message.code}，${message.validMinutes}分钟内有效。请勿告诉他人。`;
}
