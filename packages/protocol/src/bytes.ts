/**
 * True for a Uint8Array, also one from another realm (a test DOM or an iframe), where `instanceof`
 * fails; the same test @noble/hashes uses.
 */
export function isBytes(value: unknown): value is Uint8Array {
  return value instanceof Uint8Array || (ArrayBuffer.isView(value) && value.constructor.name === 'Uint8Array');
}
