// The content capability's routes: the SPEC §7 reading and message paths behind the sealed pipeline, the
// articles' images, and the /ops content API behind the admin token.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import contentImagesRoute from './routes/content-images.js';
import messageRoutes from './routes/message-routes.js';
import opsContentRoutes from './routes/ops-content.js';
import readingRoutes from './routes/reading-routes.js';

export default fp(
  async (fastify: FastifyInstance) => {
    await fastify.register(readingRoutes);
    await fastify.register(messageRoutes);
    await fastify.register(contentImagesRoute);
    await fastify.register(opsContentRoutes);
  },
  { name: 'content-routes', fastify: '5.x', dependencies: ['api-pipeline', 'content'] },
);
