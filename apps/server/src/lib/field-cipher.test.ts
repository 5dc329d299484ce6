// Values at rest (lib/field-cipher.ts): what one key sealed under one AAD opens only with both, any change
// to a stored value is refused, and the text format is the one rows already hold ("v1.<iv>.<ct+tag>").
import { createCipheriv, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createFieldCipher, decryptJson, encryptJson } from './field-cipher.js';

const key = randomBytes(32);
const cipher = createFieldCipher(key);

describe('field cipher', () => {
  it('opens what it sealed, with a fresh IV each time', () => {
    const a = cipher.encrypt('users.phone_enc', Buffer.from('13812345678'));
    const b = cipher.encrypt('users.phone_enc', Buffer.from('13812345678'));
    expect(a).not.toBe(b);
    expect(a).toMatch(/^v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]+$/);
    expect(cipher.decrypt('users.phone_enc', a).toString()).toBe('13812345678');
    expect(decryptJson(cipher, 'x\n1', encryptJson(cipher, 'x\n1', { name: '张三' }))).toEqual({ name: '张三' });
  });

  it('refuses another AAD (another row or column), another key, a changed byte and other formats', () => {
    const stored = cipher.encrypt('identities.identity_enc\nuser-1', Buffer.from('secret'));
    expect(() => cipher.decrypt('identities.identity_enc\nuser-2', stored)).toThrow();
    expect(() => createFieldCipher(randomBytes(32)).decrypt('identities.identity_enc\nuser-1', stored)).toThrow();
    const [version, iv, sealed] = stored.split('.') as [string, string, string];
    const bytes = Buffer.from(sealed, 'base64url');
    for (let i = 0; i < bytes.length; i++) {
      const changed = Buffer.from(bytes);
      changed[i]! ^= 1;
      expect(() => cipher.decrypt('identities.identity_enc\nuser-1', `${version}.${iv}.${changed.toString('base64url')}`)).toThrow();
    }
    for (const wrong of ['', 'v1', `v2.${iv}.${sealed}`, `v1.${iv}`, `${stored}.extra`])
      expect(() => cipher.decrypt('identities.identity_enc\nuser-1', wrong)).toThrow();
    expect(() => createFieldCipher(randomBytes(16))).toThrow(/32 bytes/);
  });

  it('opens values written before it existed (same format, same AAD)', () => {
    const iv = randomBytes(12);
    const legacy = createCipheriv('aes-256-gcm', key, iv);
    legacy.setAAD(Buffer.from('users.phone_enc'));
    const ct = Buffer.concat([legacy.update('13900001111', 'utf8'), legacy.final(), legacy.getAuthTag()]);
    expect(cipher.decrypt('users.phone_enc', `v1.${iv.toString('base64url')}.${ct.toString('base64url')}`).toString()).toBe('13900001111');
  });
});
