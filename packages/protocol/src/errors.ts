import { SUBCODE, type Subcode } from './codes.js';

// Kept in its own module so codes.ts can use it without an import cycle.
export { ProtocolTypeError } from './protocol-type-error.js';

export type EnvelopeErrorReason = 'malformed' | 'unknown-suite' | 'unknown-key' | 'decrypt-failed';

/** Subcode answered for each envelope failure (contract: malformed and unknown-suite -> 4005). */
export const ENVELOPE_ERROR_SUBCODE: Readonly<Record<EnvelopeErrorReason, Subcode>> = {
  malformed: SUBCODE.BAD_ENVELOPE,
  'unknown-suite': SUBCODE.BAD_ENVELOPE,
  'unknown-key': SUBCODE.UNKNOWN_KEY,
  'decrypt-failed': SUBCODE.DECRYPT_FAILED,
};

/** An envelope received from the network could not be opened. The message is for logs, never for users. */
export class EnvelopeError extends Error {
  override readonly name = 'EnvelopeError';
  readonly reason: EnvelopeErrorReason;

  constructor(reason: EnvelopeErrorReason, detail: string) {
    super(`envelope ${reason}: ${detail}`);
    this.reason = reason;
  }

  get subcode(): Subcode {
    return ENVELOPE_ERROR_SUBCODE[this.reason];
  }
}
