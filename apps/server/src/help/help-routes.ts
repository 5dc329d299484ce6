// The help capability's routes: ask-question and my-questions behind the sealed pipeline, and the /ops
// help API behind the admin token (docs/api.md "Help and customer service").
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import opsQuestionRoutes from './routes/ops-questions.js';
import questionRoutes from './routes/questions.js';

export default fp(
  async (fastify: FastifyInstance) => {
    await fastify.register(questionRoutes);
    await fastify.register(opsQuestionRoutes);
  },
  { name: 'help-routes', fastify: '5.x', dependencies: ['api-pipeline', 'help'] },
);
