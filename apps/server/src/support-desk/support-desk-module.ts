// The customer-service desk (docs/api.md "Customer-service desk"; docs/operations.md "Operators"): a
// customer_service operator looks up one account by its full phone number, stating a reason, and sees what
// helping the caller needs, masked; ends its sessions, freezes it, and asks a second operator to unfreeze it.
// It owns no table: it composes what the account, identity, bank-card, content, rewards and help modules
// already answer, and acts through the account module's own rules (account-module.ts). Decorates the
// instance as fastify.supportDesk; its /ops routes are registered apart (support-desk-routes.ts).
import type { OpsApproval } from '@tyd/protocol';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createAccountCards, type AccountCards } from './services/account-card.js';

export interface SupportDesk {
  cards: AccountCards;
  /** The account's unfreeze request waiting for a second operator, if any. */
  pendingUnfreeze(userId: string): Promise<OpsApproval | null>;
}

declare module 'fastify' {
  interface FastifyInstance {
    supportDesk: SupportDesk;
  }
}

export default fp(
  async (fastify: FastifyInstance) => {
    const { approvals } = fastify.operators;
    const pendingUnfreeze = async (userId: string): Promise<OpsApproval | null> =>
      (await approvals.list(fastify.clock())).find(
        (approval) => approval.kind === 'account-unfreeze' && approval.status === 'pending' && approval.targetId === userId,
      ) ?? null;
    fastify.decorate('supportDesk', {
      cards: createAccountCards({
        accounts: fastify.accounts,
        identity: fastify.identity,
        bankCards: fastify.bankCards,
        messages: fastify.content.messages,
        points: fastify.rewards.points,
        questions: fastify.help.questions,
        pendingUnfreeze,
      }),
      pendingUnfreeze,
    });
  },
  { name: 'support-desk', fastify: '5.x', dependencies: ['operators', 'accounts', 'identity', 'bank-cards', 'content', 'rewards', 'help'] },
);
