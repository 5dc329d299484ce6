// The identity capability's routes behind the sealed pipeline (docs/architecture.md "Modules"): the
// certification endpoints, the /nfc phone catalogue, and with the sandbox face provider the sandbox's own
// face page (docs/sandbox.md), which answers only loopback clients.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import certificationRoutes from './routes/certification.js';
import phoneCatalogueRoutes from './routes/phone-catalogue.js';
import sandboxFacePageRoute from './routes/sandbox-face-page.js';

export default fp(
  async (fastify: FastifyInstance, opts: { faceReturnUrl: string }) => {
    await fastify.register(certificationRoutes);
    await fastify.register(phoneCatalogueRoutes, { catalogue: fastify.identity.catalogue });
    if (fastify.faceProvider.name === 'sandbox') await fastify.register(sandboxFacePageRoute, { returnUrl: opts.faceReturnUrl });
  },
  { name: 'identity-routes', fastify: '5.x', dependencies: ['identity', 'api-pipeline', 'verification-providers'] },
);
