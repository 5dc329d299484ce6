// One failure type for every verification provider (OCR, face, bank card): the provider could not give an
// answer (timeout, network, HTTP 5xx, an answer we cannot read, the vendor's own outage, quota or
// credential errors). Answers that ARE answers (a card is frozen, a face did not match) are typed results,
// not errors. Callers turn this into 502/4501 (providerUnavailable below); the detail goes to the log only
// and never carries a name, ID, card or phone number.
import { CODE, SUBCODE } from '@tyd/protocol';
import { ApiError } from '../http/api-error.js';

export type ProviderKind = 'ocr' | 'face' | 'bank-card';
export type ProviderFailure = 'timeout' | 'network' | 'http-status' | 'bad-answer' | 'vendor-error';

export class ProviderUnavailable extends Error {
  override readonly name = 'ProviderUnavailable';
  constructor(
    readonly provider: ProviderKind,
    readonly reason: ProviderFailure,
    detail: string,
  ) {
    super(`${provider} provider ${reason}: ${detail}`);
  }
}

/** What a capability answers when a provider failed: 502/4501, the detail kept for the log. */
export function providerUnavailable(error: ProviderUnavailable): ApiError {
  return new ApiError(CODE.UPSTREAM_FAILED, SUBCODE.PROVIDER_UNAVAILABLE, { detail: error.message, cause: error });
}
