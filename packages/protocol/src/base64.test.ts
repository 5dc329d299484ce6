import { describe, expect, it } from 'vitest';
import { fromBase64, fromBase64Url, toBase64, toBase64Url } from './base64.js';
import { ProtocolTypeError } from './errors.js';
import { utf8Decode, utf8Encode } from './utf8.js';

// RFC 4648 §10 test vectors.
const RFC4648: Array<[string, string]> = [
  ['', ''],
  ['f', 'Zg=='],
  ['fo', 'Zm8='],
  ['foo', 'Zm9v'],
  ['foob', 'Zm9vYg=='],
  ['fooba', 'Zm9vYmE='],
  ['foobar', 'Zm9vYmFy'],
];

describe('base64 (RFC 4648 §4)', () => {
  it.each(RFC4648)('encodes and decodes %j', (text, encoded) => {
    expect(toBase64(utf8Encode(text))).toBe(encoded);
    expect(utf8Decode(fromBase64(encoded))).toBe(text);
  });

  it('round-trips every byte value and every length remainder', () => {
    const all = Uint8Array.from({ length: 256 }, (_, i) => i);
    for (const n of [0, 1, 2, 3, 254, 255, 256]) {
      const bytes = all.slice(0, n);
      expect(fromBase64(toBase64(bytes))).toEqual(bytes);
      expect(fromBase64Url(toBase64Url(bytes))).toEqual(bytes);
    }
    expect(toBase64(Uint8Array.of(0xfb, 0xff))).toBe('+/8=');
    expect(toBase64Url(Uint8Array.of(0xfb, 0xff))).toBe('-_8');
  });

  it.each(['Zg', 'Zg=', 'Zh==', 'Zm9=', 'Z===', '====', 'Zm9v\n', ' Zm9v', 'Zm 9v', '-_8=', 'Zg==Zg==', 'Zm9vé', 'Zm=v'])('rejects %j', (bad) => {
    expect(() => fromBase64(bad)).toThrow(ProtocolTypeError);
  });

  it.each(['Zg==', 'Zh', 'Z', '+/8', 'Zm9v=', 'Zm9v '])('base64url rejects %j', (bad) => {
    expect(() => fromBase64Url(bad)).toThrow(ProtocolTypeError);
  });

  it('labels wrong-type inputs', () => {
    expect(() => fromBase64(42 as unknown as string, 'data')).toThrow(/^data: expected a string$/);
    expect(() => toBase64('abc' as unknown as Uint8Array)).toThrow(ProtocolTypeError);
  });
});

describe('utf8', () => {
  it('round-trips Chinese text and rejects invalid UTF-8', () => {
    expect(utf8Decode(utf8Encode('通盈达'))).toBe('通盈达');
    expect(() => utf8Decode(Uint8Array.of(0xc3, 0x28))).toThrow(ProtocolTypeError);
  });
});

describe('byte inputs from another realm', () => {
  it('accepts a Uint8Array whose prototype chain is not this realm’s', () => {
    // What an iframe's or a test DOM's Uint8Array looks like here: a typed array of bytes whose
    // constructor is another function named Uint8Array, so `instanceof Uint8Array` is false.
    const Foreign = { Uint8Array: function () {} }.Uint8Array;
    Foreign.prototype = Object.create(Object.getPrototypeOf(Uint8Array.prototype) as object, { constructor: { value: Foreign } });
    const bytes = Object.setPrototypeOf(Uint8Array.of(0xfb, 0xff), Foreign.prototype) as Uint8Array;
    expect(bytes instanceof Uint8Array).toBe(false);
    expect(toBase64(bytes)).toBe('+/8=');
    expect(utf8Decode(Object.setPrototypeOf(utf8Encode('通'), Foreign.prototype) as Uint8Array)).toBe('通');
    expect(() => toBase64(new Uint16Array(2) as unknown as Uint8Array)).toThrow(ProtocolTypeError);
  });
});
