import { ProtocolTypeError } from './errors.js';
import { isBytes } from './bytes.js';

const encoder = new TextEncoder();
// fatal: invalid UTF-8 throws instead of becoming U+FFFD; ignoreBOM: a BOM is kept, so JSON.parse rejects it.
const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** UTF-8 bytes of a string. */
export function utf8Encode(text: string, argument = 'text'): Uint8Array<ArrayBuffer> {
  if (typeof text !== 'string') throw new ProtocolTypeError(argument, 'expected a string');
  return encoder.encode(text);
}

/** Strict UTF-8 decoding: throws ProtocolTypeError on invalid sequences. */
export function utf8Decode(bytes: Uint8Array, argument = 'bytes'): string {
  if (!isBytes(bytes)) throw new ProtocolTypeError(argument, 'expected a Uint8Array');
  try {
    return decoder.decode(bytes);
  } catch {
    throw new ProtocolTypeError(argument, 'not valid UTF-8');
  }
}
