// bank-listnew and bank-list (SPEC §7; docs/api.md "Bank cards"): listnew is the current list for the bind
// page (mark, card types, limits); bank-list the legacy list of the same banks, code and name only.
import { bankListNew, bankList } from '@tyd/protocol';
import type { FastifyInstance } from 'fastify';

export default async function bankListRoutes(fastify: FastifyInstance): Promise<void> {
  fastify.apiRoute({
    endpoint: bankListNew,
    auth: 'required',
    handler: async () => ({
      banks: fastify.bankCards
        .banks()
        .map(({ code, name, mark, cardTypes, singleLimit, dailyLimit }) => ({ code, name, mark, cardTypes, singleLimit, dailyLimit })),
    }),
  });
  fastify.apiRoute({
    endpoint: bankList,
    auth: 'required',
    handler: async () => ({ banks: fastify.bankCards.banks().map(({ code, name }) => ({ code, name })) }),
  });
}
