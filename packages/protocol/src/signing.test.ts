import { describe, expect, it } from 'vitest';
import { ProtocolTypeError } from './errors.js';
import { canonicalSignString, canonicalSignStringWith, signRequest, verifyRequestSignature, type SignFields } from './signing.js';

const fields: SignFields = {
  path: '/tydApi/v1/user/check-login',
  protocolVersion: '1.1',
  appId: 'tyd-h5',
  timestamp: '1763740800000',
  nonce: 'AAECAwQFBgcICQoLDA0ODw',
  clientInfo: '%7B%22platform%22%3A%22h5%22%7D',
  clientVersion: '4.0.1',
  data: 'AQ==',
};
const secret = 'c2VjcmV0LXNlY3JldC1zZWNyZXQtc2VjcmV0LXNlY3I';

describe('signing', () => {
  it('builds the canonical string in the contract order, token empty when absent', async () => {
    // SHA-256("AQ==") computed independently with `printf 'AQ==' | sha256sum`.
    expect(await canonicalSignString(fields)).toBe(
      [
        'TYD-HMAC-SHA256',
        '/tydApi/v1/user/check-login',
        '1.1',
        'tyd-h5',
        '1763740800000',
        'AAECAwQFBgcICQoLDA0ODw',
        '',
        '%7B%22platform%22%3A%22h5%22%7D',
        '4.0.1',
        '5d4dc0ce1ab5d104c7c4955c96c58ec59e96b53fba686c1f4a45a008022366cf',
      ].join('\n'),
    );
  });

  it('signs and verifies; any changed field or secret fails', async () => {
    const signature = await signRequest(secret, fields);
    expect(signature).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await verifyRequestSignature(secret, fields, signature)).toBe(true);
    expect(await verifyRequestSignature(secret, { ...fields, accessToken: '' }, signature)).toBe(true);
    expect(await verifyRequestSignature(`${secret}x`, fields, signature)).toBe(false);
    for (const name of Object.keys(fields) as Array<keyof SignFields>) {
      expect(await verifyRequestSignature(secret, { ...fields, [name]: `${fields[name]}x` }, signature), name).toBe(false);
    }
    expect(await verifyRequestSignature(secret, { ...fields, accessToken: 'token' }, signature)).toBe(false);
  });

  it('answers false for malformed signatures', async () => {
    const signature = await signRequest(secret, fields);
    for (const bad of ['', signature.slice(0, -1), `${signature}A`, `${signature.slice(0, -1)}=`, signature.replace(/^./, '+'), 42]) {
      expect(await verifyRequestSignature(secret, fields, bad as string)).toBe(false);
    }
  });

  it('throws labelled errors for line breaks and wrong types', async () => {
    await expect(canonicalSignString({ ...fields, nonce: 'a\nb' })).rejects.toMatchObject({ argument: 'fields.nonce' });
    await expect(canonicalSignString({ ...fields, accessToken: 'a\rb' })).rejects.toMatchObject({ argument: 'fields.accessToken' });
    await expect(canonicalSignString({ ...fields, path: 1 } as never)).rejects.toMatchObject({ argument: 'fields.path' });
    await expect(signRequest('', fields)).rejects.toBeInstanceOf(ProtocolTypeError);
    await expect(verifyRequestSignature(secret, { ...fields, data: 'a\nb' }, 'x')).rejects.toMatchObject({ argument: 'fields.data' });
  });

  it('builds the same string with an injected SHA-256 backend, and refuses a backend that does not return 32 bytes', async () => {
    const withToken = { ...fields, accessToken: 'tok', data: '数据 AQ==' };
    const seen: Uint8Array[] = [];
    const webDigest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(withToken.data)));
    const canonical = canonicalSignStringWith(withToken, (bytes) => {
      seen.push(bytes);
      return webDigest;
    });
    expect(canonical).toBe(await canonicalSignString(withToken));
    // The backend is handed the UTF-8 bytes of data, nothing else.
    expect(seen).toEqual([new TextEncoder().encode(withToken.data)]);
    expect(() => canonicalSignStringWith(withToken, () => webDigest.slice(0, 31))).toThrow(/sha256/);
    expect(() => canonicalSignStringWith({ ...withToken, nonce: 'a\nb' }, () => webDigest)).toThrow(/fields.nonce/);
  });
});
