// Consent renewal (PIPL art. 14, 17; docs/api.md "Consent"): when the privacy policy or the service agreement changes,
// the client learns what changed and asks again. Every decision is recorded with its time.
import { CODE, SUBCODE } from '@tyd/protocol';
import { ApiError } from '../../http/api-error.js';
import type { Accounts } from '../account-module.js';
import type { ConsentFacts } from '../repositories/consents-repository.js';
import type { LegalDocument } from './legal-documents.js';

export interface ConsentStatus {
  version: string;
  acceptedVersion: string | null;
  renewalRequired: boolean;
  pending: LegalDocument[];
}

type ConsentDeps = Pick<Accounts, 'legal'> & { repos: Pick<Accounts['repos'], 'consents'> };

export async function consentStatus(deps: ConsentDeps, userId: string): Promise<ConsentStatus> {
  return consentStatusOf(deps, await deps.repos.consents.facts(userId, deps.legal.version));
}

/** The status from the user's decisions as the consents repository reads them in one statement (facts). */
export function consentStatusOf(deps: Pick<Accounts, 'legal'>, facts: ConsentFacts): ConsentStatus {
  const current = deps.legal.version;
  const { latest, withdrawnAt } = facts;
  // A withdrawal (PIPL art. 15) undoes every acceptance before it: consent must be given again.
  const withdrawn = withdrawnAt !== undefined && (latest === undefined || latest.decidedAt <= withdrawnAt);
  // The current version once accepted (and not withdrawn since) counts, whatever else was accepted in the
  // same millisecond.
  const acceptedVersion = withdrawn ? null : latest?.version === current || facts.accepted ? current : (latest?.version ?? null);
  const pending = deps.legal.pendingFor(acceptedVersion ?? undefined);
  return { version: current, acceptedVersion, renewalRequired: pending.length > 0, pending };
}

export interface AgreedDocument {
  kind: LegalDocument['kind'];
  title: string;
  url: string;
  currentVersion: string;
  /** The latest version of this document the user accepted, or null. */
  agreedVersion: string | null;
  /** When the user first accepted `agreedVersion` (ms), or null. */
  agreedAt: number | null;
}

/**
 * Each document accepted at login with the version the user agreed to and since when (my-agreements,
 * docs/api.md "Consent"). A consent names the combined version of both documents; each document's part is
 * read from it, so a renewal that changed only the agreement leaves the privacy policy's date as it was.
 */
export async function agreedDocuments(deps: ConsentDeps, userId: string): Promise<AgreedDocument[]> {
  const accepted = (await deps.repos.consents.history(userId)).filter((consent) => consent.decision === 'accepted');
  return [deps.legal.privacyPolicy, deps.legal.serviceAgreement].map((document) => {
    const agreed = accepted.flatMap((consent) => {
      const version = deps.legal.parts(consent.version)[document.kind];
      return version ? [{ version, at: consent.decidedAt }] : [];
    });
    const latest = agreed.at(-1)?.version ?? null;
    const since = agreed.find((entry) => entry.version === latest)?.at ?? null;
    return { kind: document.kind, title: document.title, url: document.url, currentVersion: document.version, agreedVersion: latest, agreedAt: since };
  });
}

/** The user accepts the current versions; an outdated version (the page showed an old text) is 409/4210. */
export async function acceptConsent(deps: ConsentDeps, userId: string, version: string, now: number): Promise<void> {
  if (version !== deps.legal.version) throw new ApiError(CODE.CONFLICT, SUBCODE.AGREEMENT_REQUIRED);
  await deps.repos.consents.record({ userId, version, decision: 'accepted', now });
}

/**
 * The user withdraws consent given before (PIPL art. 15; docs/api.md "Personal information"): recorded as a
 * decision of its own, and every session of the account ends, since the service cannot go on without it,
 * with every authorisation code not yet redeemed.
 * The next login asks again (consentStatus). Returns the sessions ended.
 */
export async function withdrawConsent(
  deps: Pick<Accounts, 'legal' | 'db'> & { repos: Pick<Accounts['repos'], 'consents' | 'sessions' | 'authorizationCodes'> },
  userId: string,
  now: number,
): Promise<number> {
  return deps.db.transaction().execute(async (trx) => {
    await deps.repos.consents.record({ userId, version: deps.legal.version, decision: 'withdrawn', now }, trx);
    // Codes not yet redeemed would open a session with no consent on record: the sessions' own die with
    // them at redemption, the command line's here.
    await deps.repos.authorizationCodes.deleteUnused(userId, trx);
    return deps.repos.sessions.revokeAllForUser(userId, now, trx);
  });
}

/** The user declines the current versions: recorded, and the calling session ends. */
export async function declineConsent(
  deps: Pick<Accounts, 'legal' | 'db'> & { repos: Pick<Accounts['repos'], 'consents' | 'sessions'> },
  userId: string,
  sessionId: string,
  now: number,
): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    await deps.repos.consents.record({ userId, version: deps.legal.version, decision: 'declined', now }, trx);
    await deps.repos.sessions.revoke(sessionId, now, trx);
  });
}
