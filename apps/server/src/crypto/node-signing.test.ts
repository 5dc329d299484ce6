import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { canonicalSignString, randomNonce, signRequest, verifyRequestSignature, type SigningVectorFile } from '@tyd/protocol';
import { describe, expect, it } from 'vitest';
import { canonicalSignStringNode, verifySignatureNode } from './node-signing.js';

const file = JSON.parse(readFileSync(createRequire(import.meta.url).resolve('@tyd/protocol/vectors/signing.json'), 'utf8')) as SigningVectorFile;

describe('node signature verification against the protocol vectors', () => {
  it('has vectors to check', () => {
    expect(file.vectors.length).toBeGreaterThan(0);
  });
  for (const v of file.vectors) {
    it(`${v.name}: builds the canonical string with node:crypto's digest, verifies the signature and refuses every tamper`, async () => {
      expect(canonicalSignStringNode(v.fields)).toBe(v.canonical);
      expect(canonicalSignStringNode(v.fields).split('\n').at(-1)).toBe(v.dataSha256Hex);
      expect(verifySignatureNode(v.secret, v.fields, v.signature)).toBe(true);
      for (const t of v.tampers) {
        const fields = { ...v.fields, ...t.fields };
        // Each tamper changes the canonical string (or the key or signature), on both backends alike.
        expect(canonicalSignStringNode(fields)).toBe(await canonicalSignString(fields));
        expect(verifySignatureNode(t.secret ?? v.secret, fields, t.signature ?? v.signature), t.name).toBe(false);
      }
    });
  }

  it('agrees with verifyRequestSignature on non-canonical and malformed signatures', async () => {
    const fields = {
      path: '/tydApi/v1/user/check-login',
      protocolVersion: '1.1',
      appId: 'tyd-h5',
      timestamp: '1',
      nonce: randomNonce(),
      clientInfo: 'x',
      clientVersion: '4.0.1',
      data: 'AQ==',
    };
    const secret = 's'.repeat(43);
    const good = await signRequest(secret, fields);
    const last = good.at(-1)!;
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    // Same 32 bytes, different spelling: only the canonical one is accepted.
    const sibling = alphabet[(alphabet.indexOf(last) & ~3) + ((alphabet.indexOf(last) + 1) & 3)]!;
    for (const signature of [good, `${good.slice(0, -1)}${sibling}`, good.slice(1), `${good}A`, `${good.slice(0, -1)}=`, '']) {
      expect(verifySignatureNode(secret, fields, signature), signature).toBe(await verifyRequestSignature(secret, fields, signature));
    }
  });
});
