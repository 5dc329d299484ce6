// The bank-card capability's services (SPEC §1 bank card binding, §7; docs/api.md "Bank cards"): the bank
// catalogue, the cards over their repository, binding through the bank-card provider's four-element check
// with the verified identity (identity module) and SMS codes (account module). Decorates the instance as
// fastify.bankCards; its routes are registered apart, behind the pipeline (bank-cards-routes.ts).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { NO_DEVICE, requireMainlandMobile } from '../account/account-module.js';
import type { BankCardsConfig, QuickPaymentAgreementConfig, Secrets } from '../config/index.js';
import { requireVerifiedIdentity } from '../identity/identity-module.js';
import { createBankCardsRepository } from './repositories/bank-cards-repository.js';
import { createBankCatalogue } from './services/bank-catalogue.js';
import { createBankCardsService, type BankCardsService, type CardSmsCodes } from './services/bank-cards-service.js';
import { createCardCipher } from './services/card-cipher.js';

export type { BankCardsService } from './services/bank-cards-service.js';

declare module 'fastify' {
  interface FastifyInstance {
    bankCards: BankCardsService;
  }
}

export default fp(
  async (
    fastify: FastifyInstance,
    opts: { bankCards: BankCardsConfig; agreement: QuickPaymentAgreementConfig; secrets: Pick<Secrets, 'dataKey' | 'phoneHashKey'> },
  ) => {
    const accounts = fastify.accounts;
    const sms: CardSmsCodes = {
      async send({ phone, purpose, sessionPhone, clientAddress, proofOfWork, now }) {
        const phoneKey = accounts.phones.lookupHash(phone);
        // The owner's bucket when the bank's phone is the account's own; the send does not carry the
        // request's device, so another number is a stranger's (docs/api.md "SMS code rules").
        const bucket = await accounts.smsOwners.bucket({ phoneKey, sessionPhoneKey: accounts.phones.lookupHash(sessionPhone), device: NO_DEVICE, now });
        const sent = await accounts.smsSending.send({ phone, phoneKey, purpose, clientAddress, bucket, proofOfWork, now });
        return { cooldownSeconds: sent.cooldownSeconds, phoneKey, bucket };
      },
      verify: ({ phoneKey, purpose, code, now, bucket }) => accounts.smsCodes.verify(phoneKey, purpose, code, now, bucket),
      phoneKey: (phone) => accounts.phones.lookupHash(phone),
      requireMobile: requireMainlandMobile,
    };
    fastify.decorate(
      'bankCards',
      createBankCardsService({
        db: fastify.database.db,
        outbox: fastify.outbox,
        kv: fastify.kv,
        repo: createBankCardsRepository(fastify.database.db),
        cipher: createCardCipher(opts.secrets),
        catalogue: createBankCatalogue({ sandbox: fastify.bankCardProvider.name === 'sandbox' }),
        provider: fastify.bankCardProvider,
        sms,
        requireIdentity: (userId) => requireVerifiedIdentity(fastify, userId),
        rules: opts.bankCards,
        agreement: opts.agreement,
      }),
    );
  },
  { name: 'bank-cards', fastify: '5.x', dependencies: ['database', 'kv', 'accounts', 'verification-providers', 'identity', 'content', 'outbox'] },
);
