// Photo uploads in sealed parts (docs/protocol.md §14), behind the pipeline.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import uploadFinishRoute from './routes/upload-finish.js';
import uploadPartRoute from './routes/upload-part.js';
import uploadStartRoute from './routes/upload-start.js';

export default fp(
  async (fastify: FastifyInstance) => {
    await fastify.register(uploadStartRoute);
    await fastify.register(uploadPartRoute);
    await fastify.register(uploadFinishRoute);
  },
  { name: 'uploads-routes', fastify: '5.x', dependencies: ['api-pipeline', 'uploads'] },
);
