// ask-question and my-questions (not in SPEC §7; docs/api.md "Help and customer service"): the session's
// own questions only. Neither takes an account: the session is the account, so no payload reaches another's.
import { askQuestion, myQuestions } from '@tyd/protocol';
import type { FastifyInstance } from 'fastify';

export default async function questionRoutes(fastify: FastifyInstance): Promise<void> {
  const { questions } = fastify.help;
  fastify.apiRoute({
    endpoint: askQuestion,
    auth: 'required',
    handler: async ({ session, payload, now }) => questions.ask(session.user.id, payload, now),
  });
  fastify.apiRoute({
    endpoint: myQuestions,
    auth: 'required',
    handler: async ({ session, payload }) => questions.listOwn(session.user.id, payload),
  });
}
