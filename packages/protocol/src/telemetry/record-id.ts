// Record ids are UUID version 7 (RFC 9562 §5.7): 48-bit Unix ms timestamp, version, 74 random bits.
// Time-ordered ids index well, and a retried record keeps its id so the collector drops the copy.
import { randomBytes } from '../random.js';

export const RECORD_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** A new UUID v7 in the lower-case 8-4-4-4-12 form. `now` is ms since the epoch. */
export function newRecordId(now: number = Date.now()): string {
  const bytes = randomBytes(16);
  let time = Math.max(0, Math.floor(now));
  for (let i = 5; i >= 0; i--) {
    bytes[i] = time % 256;
    time = Math.floor(time / 256);
  }
  bytes[6] = 0x70 | (bytes[6]! & 0x0f);
  bytes[8] = 0x80 | (bytes[8]! & 0x3f);
  let hex = '';
  for (const byte of bytes) hex += byte.toString(16).padStart(2, '0');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The ms timestamp inside a UUID v7. */
export function recordIdTime(id: string): number {
  return parseInt(id.slice(0, 8) + id.slice(9, 13), 16);
}
