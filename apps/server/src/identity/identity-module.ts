// Identity certification (SPEC §1, §7; docs/api.md "Identity certification"): the service (state machine,
// checks, claims, face tries) as fastify.identity for its routes and for other capabilities
// (requireVerified), its routes behind the sealed pipeline, the /nfc phone catalogue, and with the sandbox
// face provider the sandbox's own face page.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { IdentityConfig, NodeEnv, Secrets } from '../config/index.js';
import { createIdentityCipher } from './services/identity-cipher.js';
import { createIdentityService, type IdentityService } from './services/identity-service.js';
import { createNfcAntennasRepository } from './repositories/nfc-antennas-repository.js';
import { createNfcCatalogue } from './services/nfc-catalogue.js';
import identityRoutes from './routes/identity-routes.js';
import phoneCatalogueRoutes from './routes/phone-catalogue.js';
import sandboxFacePageRoute from './routes/sandbox-face-page.js';

export type { CertificationInfo, ConfirmedIdentity, IdentityService, VerifiedListener } from './services/identity-service.js';
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

declare module 'fastify' {
  interface FastifyInstance {
    identity: IdentityService;
  }
}

export default fp(
  async (fastify: FastifyInstance, opts: { env: NodeEnv; identity: IdentityConfig; secrets: Pick<Secrets, 'dataKey' | 'phoneHashKey' | 'adminToken'> }) => {
    const rules = opts.identity;
    // The vendor redirects to it from its own site, so it must be absolute there (a path is fine for the sandbox
    // and for a development server against a fake vendor).
    if (opts.env === 'production' && fastify.faceProvider.name === 'http' && !rules.faceReturnUrl.startsWith('https://')) {
      throw new Error('FACE_RETURN_URL: the face vendor needs an absolute https:// address of this site in production');
    }
    fastify.decorate(
      'identity',
      createIdentityService({
        db: fastify.database.db,
        kv: fastify.kv,
        cipher: createIdentityCipher(opts.secrets),
        uploads: fastify.uploads,
        ocr: fastify.ocrProvider,
        face: fastify.faceProvider,
        rules,
        onListenerError: (error) => fastify.log.error({ err: error }, 'a listener of identity verification failed'),
      }),
    );
    await fastify.register(identityRoutes);
    await fastify.register(phoneCatalogueRoutes, { catalogue: createNfcCatalogue(createNfcAntennasRepository(fastify.database.db)) });
    if (fastify.faceProvider.name === 'sandbox') await fastify.register(sandboxFacePageRoute, { adminToken: opts.secrets.adminToken, returnUrl: rules.faceReturnUrl });
  },
  { name: 'identity', fastify: '5.x', dependencies: ['database', 'kv', 'uploads', 'verification-providers', 'api-pipeline', 'content'] },
);
