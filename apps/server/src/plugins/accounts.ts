// Account services over the database, the kv store and the SMS provider: SMS codes, sending with its
// limits and proof of work, and what login, consent, phone change, deregistration and authorised login
// need. Keys for the code MACs and the challenges are derived from the configured secrets (derived-keys.ts).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config, Secrets } from '../config.js';
import type { AccountDeps } from '../services/account-deps.js';
import { deriveKey } from '../services/derived-keys.js';
import { createLegalDocuments } from '../services/legal-documents.js';
import { createPhoneProtection } from '../services/phone-protection.js';
import { createProofOfWork } from '../services/proof-of-work.js';
import { createRetainedRecordCrypto } from '../services/retained-records.js';
import { pruneSessionsAndCodes } from '../services/session-housekeeping.js';
import { createSmsCodes } from '../services/sms-codes.js';
import { createSmsSending, type SmsSending } from '../services/sms-sending.js';

export interface Accounts extends AccountDeps {
  smsSending: SmsSending;
}

declare module 'fastify' {
  interface FastifyInstance {
    accounts: Accounts;
  }
}

export default fp(
  async (fastify: FastifyInstance, opts: { config: Config; secrets: Secrets }) => {
    const { config, secrets } = opts;
    const rules = config.accounts;
    const phones = createPhoneProtection(secrets);
    // Fixed test codes only ever with the sandbox (config.ts refuses them with any other provider).
    const fixedCodes = config.smsProvider === 'sandbox' ? rules.sms.fixedCodes : new Map<string, string>();
    const smsCodes = createSmsCodes({ kv: fastify.kv, macKey: deriveKey(secrets.cookieSecret, 'sms-code-mac'), rules: rules.sms, fixedCodes });
    const proofOfWork = createProofOfWork({
      kv: fastify.kv,
      signatureSecret: deriveKey(secrets.cookieSecret, 'pow-challenge').toString('base64url'),
      keySignatureSecret: deriveKey(secrets.cookieSecret, 'pow-key').toString('base64url'),
      rules: rules.humanCheck,
    });
    fastify.decorate('accounts', {
      db: fastify.database.db,
      flushDeletions: fastify.database.flushDeletions,
      kv: fastify.kv,
      repos: fastify.repos,
      phones,
      smsCodes,
      legal: createLegalDocuments(rules.legal),
      retained: createRetainedRecordCrypto(secrets),
      config: rules,
      smsSending: createSmsSending({ kv: fastify.kv, codes: smsCodes, proofOfWork, provider: fastify.smsProvider, rules: rules.sms, humanCheck: rules.humanCheck, log: fastify.log }),
    });

    // Retained records leave the database on their retention date (PIPL art. 47: deleted once the period
    // the law requires has passed), and ended sessions and expired authorisation codes once they can no
    // longer matter (services/session-housekeeping.ts): at start and daily.
    const purge = async () => {
      try {
        const purged = await fastify.repos.retainedRecords.purgeExpired(fastify.clock());
        if (purged > 0) fastify.log.info({ purged }, 'retained records past their retention date deleted');
      } catch (error) {
        fastify.log.error({ err: error }, 'purging retained records failed');
      }
      try {
        const pruned = await pruneSessionsAndCodes(fastify.repos, fastify.clock());
        fastify.log.info({ sessions: pruned.sessions, authorizationCodes: pruned.authorizationCodes }, 'ended sessions and expired authorisation codes pruned');
      } catch (error) {
        fastify.log.error({ err: error }, 'pruning sessions and authorisation codes failed');
      }
    };
    const timer = setInterval(() => void purge(), 24 * 60 * 60 * 1000);
    timer.unref();
    fastify.addHook('onReady', purge);
    fastify.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'accounts', fastify: '5.x', dependencies: ['database', 'kv', 'sms-provider', 'clock'] },
);
