// The privacy policy and the service agreement in their current versions, from the configuration
// (renewal when either changes; docs/api.md "Consent"). Both are accepted together with one tick, so a consent names
// the combined version "<privacy>~<agreement>"; when either part changes, every user is asked again.
import type { LegalDocumentKind } from '@tyd/protocol';
import type { LegalConfig, LegalDocumentConfig } from '../../config/index.js';

export interface LegalDocument extends LegalDocumentConfig {
  kind: LegalDocumentKind;
}

export interface LegalDocuments {
  version: string;
  privacyPolicy: LegalDocument;
  serviceAgreement: LegalDocument;
  /** The documents whose current version is not part of `acceptedVersion`. */
  pendingFor(acceptedVersion: string | undefined): LegalDocument[];
  /** Splits a combined version into its parts (undefined parts when it is not one). */
  parts(version: string | undefined): { privacy: string | null; agreement: string | null };
}

export function createLegalDocuments(legal: LegalConfig): LegalDocuments {
  const privacyPolicy: LegalDocument = { kind: 'privacy', ...legal.privacy };
  const serviceAgreement: LegalDocument = { kind: 'agreement', ...legal.agreement };
  const parts = (version: string | undefined) => {
    const [privacy, agreement, extra] = version?.split('~') ?? [];
    return extra === undefined && privacy && agreement ? { privacy, agreement } : { privacy: null, agreement: null };
  };
  return {
    version: `${legal.privacy.version}~${legal.agreement.version}`,
    privacyPolicy,
    serviceAgreement,
    pendingFor(acceptedVersion) {
      const accepted = parts(acceptedVersion);
      return [
        ...(accepted.privacy === privacyPolicy.version ? [] : [privacyPolicy]),
        ...(accepted.agreement === serviceAgreement.version ? [] : [serviceAgreement]),
      ];
    },
    parts,
  };
}
