// Photo uploads (docs/protocol.md §14): the service the upload routes and the capabilities that take
// photos (identity) use, and the pruning of unused uploads past their expiry, at start and hourly (they
// live an hour by default). Its routes are registered apart, behind the pipeline (uploads-routes.ts).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { UploadsConfig } from '../config/index.js';
import { createUploadCipher } from './services/upload-cipher.js';
import { createUploadService, type UploadService } from './services/upload-service.js';
import { createUploadsRepository } from './repositories/uploads-repository.js';

/** What other capabilities use of uploads (docs/architecture.md "Modules"). */
export type { UploadService } from './services/upload-service.js';
/** Kind, size and metadata checks of an image, for content images too (content/services/publishing.ts). */
export { inspectPhoto } from './services/inspect-photo.js';
export { ImageRejected } from './services/image-rejected.js';
export { imageRejectionText } from './services/upload-service.js';

declare module 'fastify' {
  interface FastifyInstance {
    uploads: UploadService;
  }
}

const HOUR_MS = 60 * 60 * 1000;

export default fp(
  async (fastify: FastifyInstance, opts: { uploads: UploadsConfig; dataKey: string }) => {
    const db = fastify.database.db;
    fastify.decorate(
      'uploads',
      createUploadService({ db, uploads: createUploadsRepository(db), cipher: createUploadCipher(opts.dataKey), rules: opts.uploads }),
    );
    const prune = async () => {
      try {
        const pruned = await fastify.uploads.prune(fastify.clock());
        if (pruned > 0) fastify.log.info({ pruned }, 'expired uploads deleted');
      } catch (error) {
        fastify.log.error({ err: error }, 'pruning expired uploads failed');
      }
    };
    const timer = setInterval(() => void prune(), HOUR_MS);
    timer.unref();
    fastify.addHook('onReady', prune);
    fastify.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'uploads', fastify: '5.x', dependencies: ['database', 'clock'] },
);
