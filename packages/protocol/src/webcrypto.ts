import { ProtocolTypeError } from './errors.js';

/** WebCrypto's SubtleCrypto; browsers expose it only in secure contexts (https or localhost). */
export function subtle(): SubtleCrypto {
  const s = globalThis.crypto?.subtle;
  if (s === undefined) throw new ProtocolTypeError('globalThis.crypto.subtle', 'WebCrypto is unavailable (not a secure context?)');
  return s;
}
