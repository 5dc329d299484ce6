// The privacy policy and the service agreement the user accepts (PIPL art. 14, 17; docs/api.md "Consent").
import { z } from 'zod';
import { defineSection, type SectionValue } from './section.js';

const version = z.string().regex(/^[0-9A-Za-z._-]{1,32}$/);

export const legalSection = defineSection({
  vars: {
    PRIVACY_POLICY_VERSION: version.default('2026-11-01'),
    PRIVACY_POLICY_TITLE: z.string().min(1).max(100).default('隐私政策'),
    PRIVACY_POLICY_URL: z.string().min(1).max(2048).default('/agreements/privacy-policy.html'),
    PRIVACY_POLICY_SUMMARY: z.string().max(2000).default(''),
    SERVICE_AGREEMENT_VERSION: version.default('2026-11-01'),
    SERVICE_AGREEMENT_TITLE: z.string().min(1).max(100).default('用户服务协议'),
    SERVICE_AGREEMENT_URL: z.string().min(1).max(2048).default('/agreements/service-agreement.html'),
    SERVICE_AGREEMENT_SUMMARY: z.string().max(2000).default(''),
    // Agreed to by pressing 下一步 when binding a card, not at login: it takes no part in the consent version.
    QUICK_PAYMENT_AGREEMENT_VERSION: version.default('2026-11-27'),
    QUICK_PAYMENT_AGREEMENT_TITLE: z.string().min(1).max(100).default('快捷支付服务协议'),
    QUICK_PAYMENT_AGREEMENT_URL: z.string().min(1).max(2048).default('/agreements/quick-payment-agreement.html'),
  },
  build: (e) => ({
    privacy: { version: e.PRIVACY_POLICY_VERSION, title: e.PRIVACY_POLICY_TITLE, url: e.PRIVACY_POLICY_URL, summary: e.PRIVACY_POLICY_SUMMARY },
    agreement: { version: e.SERVICE_AGREEMENT_VERSION, title: e.SERVICE_AGREEMENT_TITLE, url: e.SERVICE_AGREEMENT_URL, summary: e.SERVICE_AGREEMENT_SUMMARY },
    quickPayment: { version: e.QUICK_PAYMENT_AGREEMENT_VERSION, title: e.QUICK_PAYMENT_AGREEMENT_TITLE, url: e.QUICK_PAYMENT_AGREEMENT_URL },
  }),
});
export type LegalConfig = SectionValue<typeof legalSection>;
export type LegalDocumentConfig = LegalConfig['privacy'];
export type QuickPaymentAgreementConfig = LegalConfig['quickPayment'];
