// The server's static ECDH keys (contract "Envelope"): every configured key opens requests, so clients
// holding an older public key keep working during a rotation; the newest (last) one is advertised.
import { randomNonce, sealRequest } from '@tyd/protocol';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ServerKey } from '../config/index.js';
import { importNodeServerKey, openRequestNode, type NodeServerKey } from '../crypto/node-envelope.js';

export interface ServerKeys {
  current: { kid: string; publicKey: string };
  privateKeyFor(kid: string): NodeServerKey | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    serverKeys: ServerKeys;
  }
}

export async function loadServerKeys(keys: readonly ServerKey[]): Promise<ServerKeys> {
  const byKid = new Map<string, NodeServerKey>();
  for (const key of keys) {
    const privateKey = importNodeServerKey(key.privateKey);
    // A pair whose halves do not match would fail every request: find out at start, not from users.
    // Sealed by @tyd/protocol as a client would, opened by the server's own code.
    const context = { method: 'POST' as const, path: '/tydApi/self-test', timestamp: '0', appId: 'self-test', nonce: randomNonce() };
    const sealed = await sealRequest({ serverPublicKey: key.publicKey, keyId: key.kid, context, payload: { ok: true } });
    try {
      openRequestNode({ data: sealed.data, context, keyFor: () => privateKey });
    } catch {
      throw new Error(`server key ${key.kid}: publicKey does not belong to privateKey`);
    }
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
