// Identity certification (SPEC §1, §7; docs/api.md "Identity certification"): the service (state machine,
// checks, claims, face tries) and the /nfc phone catalogue as fastify.identity, for its routes
// (identity-routes.ts) and for other capabilities (requireVerified, the person key, the verified event);
// the verified identity deregistration keeps (given to the account module).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { IdentityConfig, NodeEnv, Secrets } from '../config/index.js';
import { createIdentityCipher } from './services/identity-cipher.js';
import { createIdentityService, type IdentityService } from './services/identity-service.js';
import { createNfcAntennasRepository } from './repositories/nfc-antennas-repository.js';
import { createNfcCatalogue, type NfcCatalogue } from './services/nfc-catalogue.js';

export type { CertificationInfo, ConfirmedIdentity, IdentityService } from './services/identity-service.js';
/** For the admin command, which runs without the server (admin/nfc-cli.ts). */
export { createNfcAntennasRepository };
export type { NfcAntennaChange, NfcAntennasRepository } from './repositories/nfc-antennas-repository.js';

/**
 * For capabilities that need a verified identity (bank-card binding: its four elements are the name, ID
 * number, card and phone): the verified identity, or ApiError 403/4611 (docs/api.md "Identity certification").
 */
export function requireVerifiedIdentity(fastify: FastifyInstance, userId: string) {
  return fastify.identity.requireVerified(userId);
}

/** The identity module's surface: the certification service and the phone catalogue of /nfc. */
export type IdentityModule = IdentityService & { catalogue: NfcCatalogue };

declare module 'fastify' {
  interface FastifyInstance {
    identity: IdentityModule;
  }
}

export default fp(
  async (fastify: FastifyInstance, opts: { env: NodeEnv; identity: IdentityConfig; secrets: Pick<Secrets, 'dataKey' | 'phoneHashKey'> }) => {
    const rules = opts.identity;
    // The vendor redirects to it from its own site, so it must be absolute there (a path is fine for the sandbox
    // and for a development server against a fake vendor).
    if (opts.env === 'production' && fastify.faceProvider.name === 'http' && !rules.faceReturnUrl.startsWith('https://')) {
      throw new Error('FACE_RETURN_URL: the face vendor needs an absolute https:// address of this site in production');
    }
    const service = createIdentityService({
      db: fastify.database.db,
      kv: fastify.kv,
      cipher: createIdentityCipher(opts.secrets),
      uploads: fastify.uploads,
      ocr: fastify.ocrProvider,
      face: fastify.faceProvider,
      rules,
      outbox: fastify.outbox,
    });
    fastify.decorate('identity', Object.assign(service, { catalogue: createNfcCatalogue(createNfcAntennasRepository(fastify.database.db)) }));
    // A deregistered account's verified identity stays in its retained record (docs/api.md "Identity certification").
    fastify.accounts.keepRetainedIdentity((userId, trx) => service.retainedIdentity(userId, trx));
  },
  { name: 'identity', fastify: '5.x', dependencies: ['database', 'kv', 'accounts', 'uploads', 'verification-providers', 'content', 'outbox'] },
);
