// 个人信息 (docs/api.md "Personal information"; PIPL art. 44–47; MIIT 信息通信服务感知提升行动 2021): the list of
// what the account holds, the list of providers that receive personal data, the copy of one's data after an
// SMS code (services/data-exports.ts), withdrawing consent, and what deregistration would take. It reads
// other capabilities' data through their services (identity, bank cards, uploads hold their keys) and writes
// nothing of its own but consent records (account module) and short-lived grants in the kv store. Decorates
// the instance as fastify.privacy.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { PrivacyConfig, SmsConfig, VerificationConfig } from '../config/index.js';
import { createPersonalDataRepository } from './repositories/personal-data-repository.js';
import { createDataExports, type DataExports } from './services/data-exports.js';
import { createPersonalData, type PersonalData } from './services/personal-data.js';
import type { ProviderTargets } from './services/sharing-list.js';

export interface Privacy {
  personalData: PersonalData;
  exports: DataExports;
  /** Where each provider sends personal data, as configured (undefined: the sandbox). */
  providerTargets: ProviderTargets;
}

declare module 'fastify' {
  interface FastifyInstance {
    privacy: Privacy;
  }
}

export interface PrivacyModuleOptions {
  privacy: PrivacyConfig;
  sms: Pick<SmsConfig, 'provider' | 'http'>;
  verification: VerificationConfig;
}

export default fp(
  async (fastify: FastifyInstance, opts: PrivacyModuleOptions) => {
    const accounts = fastify.accounts;
    const personalData = createPersonalData({
      repo: createPersonalDataRepository(fastify.database.db),
      profileOf: (userId) => accounts.repos.profiles.findByUserId(userId),
      consentsOf: (userId) => accounts.repos.consents.history(userId),
      documentsOf: (version) => {
        // The titles are today's; each version is the one the person decided on.
        const { privacy, agreement } = accounts.legal.parts(version);
        return [
          ...(privacy ? [{ title: accounts.legal.privacyPolicy.title, version: privacy }] : []),
          ...(agreement ? [{ title: accounts.legal.serviceAgreement.title, version: agreement }] : []),
        ];
      },
      identity: fastify.identity,
      bankCards: fastify.bankCards,
      uploads: fastify.uploads,
    });
    const { verification, sms } = opts;
    const target = (choice: { mode: 'sandbox' } | { mode: 'http'; http: { url: string } }) => (choice.mode === 'http' ? { url: choice.http.url } : undefined);
    fastify.decorate('privacy', {
      personalData,
      exports: createDataExports({
        kv: fastify.kv,
        smsCodes: accounts.smsCodes,
        phoneKey: (phone) => accounts.phones.lookupHash(phone),
        personalData,
        rules: opts.privacy,
      }),
      providerTargets: {
        sms: sms.provider === 'http' && sms.http ? { url: sms.http.url } : undefined,
        ocr: target(verification.ocr),
        face: target(verification.face),
        'bank-card': target(verification.bankCard),
      },
    });
  },
  { name: 'privacy', fastify: '5.x', dependencies: ['database', 'kv', 'accounts', 'identity', 'bank-cards', 'uploads'] },
);
