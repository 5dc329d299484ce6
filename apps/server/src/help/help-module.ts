// Help and customer service (docs/api.md "Help and customer service"): users' questions and operators'
// answers. The 常见问题 are content (the content capability's `faq` kind, read through faq-list); the phone
// and hours are the site configuration's (SERVICE_PHONE, SERVICE_HOURS). An answer reaches its asker as a
// `message` outbox event, which the content module delivers (content-module.ts). Decorates the instance as
// fastify.help.
import { maskPhone } from '@tyd/protocol';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Secrets } from '../config/index.js';
import { auditedOperator } from '../http/ops-api.js';
import { createListCursors } from '../lib/list-cursor.js';
import { createQuestionsRepository } from './repositories/questions-repository.js';
import { createQuestions, type Questions } from './services/questions.js';

export interface Help {
  questions: Questions;
}

declare module 'fastify' {
  interface FastifyInstance {
    help: Help;
  }
}

export default fp(
  async (fastify: FastifyInstance, opts: { secrets: Pick<Secrets, 'cookieSecret'> }) => {
    const questions = createQuestions({
      repo: createQuestionsRepository(fastify.database.db),
      outbox: fastify.outbox,
      kv: fastify.kv,
      cursors: createListCursors(opts.secrets.cookieSecret),
      // Operators see who asked only as SPEC §3 shows a phone: 3+4+4 masked.
      maskedPhoneOf: async (userId) => {
        const user = await fastify.accounts.repos.users.findById(userId);
        return user ? maskPhone(user.phone) : null;
      },
      operatorOf: auditedOperator,
    });
    fastify.decorate('help', { questions });
  },
  // content: the `message` topic this module emits on is delivered by it.
  { name: 'help', fastify: '5.x', dependencies: ['database', 'outbox', 'kv', 'accounts', 'content'] },
);
