// The server's static ECDH keys (contract "Envelope"): every configured key opens requests, so clients
// holding an older public key keep working during a rotation; the newest (last) one is advertised.
import { importServerPrivateKey, openRequest, randomNonce, sealRequest } from '@tyd/protocol';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ServerKey } from '../config.js';

export interface ServerKeys {
  current: { kid: string; publicKey: string };
  privateKeyFor(kid: string): CryptoKey | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    serverKeys: ServerKeys;
  }
}

export async function loadServerKeys(keys: readonly ServerKey[]): Promise<ServerKeys> {
  const byKid = new Map<string, CryptoKey>();
  for (const key of keys) {
    const privateKey = await importServerPrivateKey(key.privateKey);
    // A pair whose halves do not match would fail every request: find out at start, not from users.
    const context = { method: 'POST' as const, path: '/tydApi/self-test', timestamp: '0', appId: 'self-test', nonce: randomNonce() };
    const sealed = await sealRequest({ serverPublicKey: key.publicKey, keyId: key.kid, context, payload: { ok: true } });
    await openRequest({ data: sealed.data, context, privateKeyFor: () => privateKey }).catch(() => {
      throw new Error(`server key ${key.kid}: publicKey does not belong to privateKey`);
    });
    byKid.set(key.kid, privateKey);
  }
  const newest = keys[keys.length - 1];
  if (!newest) throw new Error('no server keys');
  return { current: { kid: newest.kid, publicKey: newest.publicKey }, privateKeyFor: (kid) => byKid.get(kid) };
}

export default fp(
  async (fastify: FastifyInstance, opts: { keys: readonly ServerKey[] }) => {
    fastify.decorate('serverKeys', await loadServerKeys(opts.keys));
  },
  { name: 'server-keys', fastify: '5.x' },
);
