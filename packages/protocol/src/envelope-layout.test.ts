// The shared byte layout on its own: every committed vector's blobs take apart and rebuild to the same
// bytes, and the parsers refuse what the layout forbids before any primitive runs.
import { describe, expect, it } from 'vitest';
import envelopeJson from '../vectors/envelope.json' with { type: 'json' };
import { fromBase64, toBase64 } from './base64.js';
import { buildRequestBlob, buildResponseBlob, parseRequestBlob, parseResponseBlob, splitTag } from './envelope-layout.js';
import { EnvelopeError } from './errors.js';
import type { EnvelopeVectorFile } from './vector-types.js';

const file = envelopeJson as unknown as EnvelopeVectorFile;

function reasonOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof EnvelopeError) return error.reason;
    throw error;
  }
  return 'parsed';
}

describe('envelope layout', () => {
  for (const v of file.vectors) {
    it(`${v.name}: request and response blobs rebuild to the same bytes`, () => {
      const request = parseRequestBlob(v.requestData);
      expect(request.keyId).toBe(v.keyId);
      expect(request.ephemeralPoint).toHaveLength(65);
      expect(request.iv).toHaveLength(12);
      expect(buildRequestBlob(request)).toBe(v.requestData);
      const response = parseResponseBlob(v.response.data);
      expect(buildResponseBlob(response)).toBe(v.response.data);
      const { ciphertext, tag } = splitTag(response.sealed);
      expect(tag).toHaveLength(16);
      expect(ciphertext.length + 16).toBe(response.sealed.length);
    });
  }

  it('refuses what the layout forbids, for the reason the protocol gives', () => {
    const blob = fromBase64(file.vectors[0]!.requestData);
    const withByte = (offset: number, value: number) => {
      const b = blob.slice();
      b[offset] = value;
      return toBase64(b);
    };
    expect(reasonOf(() => parseRequestBlob(withByte(0, 2)))).toBe('unknown-suite');
    expect(reasonOf(() => parseRequestBlob(withByte(1, 0)))).toBe('malformed');
    expect(reasonOf(() => parseRequestBlob(withByte(2, 0x20)))).toBe('malformed');
    expect(reasonOf(() => parseRequestBlob(withByte(2 + blob[1]!, 0x02)))).toBe('malformed');
    const oneShortOfTag = 2 + blob[1]! + 65 + 12 + 15;
    expect(reasonOf(() => parseRequestBlob(toBase64(blob.subarray(0, oneShortOfTag))))).toBe('malformed');
    expect(reasonOf(() => parseRequestBlob(toBase64(blob.subarray(0, oneShortOfTag + 1))))).toBe('parsed');
    expect(reasonOf(() => parseRequestBlob(`${toBase64(blob)}\n`))).toBe('malformed');
    expect(reasonOf(() => parseResponseBlob(toBase64(new Uint8Array([1, ...new Uint8Array(27)]))))).toBe('malformed');
    expect(reasonOf(() => parseResponseBlob(''))).toBe('malformed');
  });
});
