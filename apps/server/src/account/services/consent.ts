// Consent renewal (PIPL art. 14, 17; docs/api.md "Consent"): when the privacy policy or the service agreement changes,
// the client learns what changed and asks again. Every decision is recorded with its time.
import { CODE, SUBCODE } from '@tyd/protocol';
import { ApiError } from '../../http/api-error.js';
import type { Accounts } from '../account-module.js';
import type { LegalDocument } from './legal-documents.js';

export interface ConsentStatus {
  version: string;
  acceptedVersion: string | null;
  renewalRequired: boolean;
  pending: LegalDocument[];
}

type ConsentDeps = Pick<Accounts, 'legal'> & { repos: Pick<Accounts['repos'], 'consents'> };

export async function consentStatus(deps: ConsentDeps, userId: string): Promise<ConsentStatus> {
  const current = deps.legal.version;
  // The current version once accepted counts, whatever else was accepted in the same millisecond.
  const acceptedVersion = (await deps.repos.consents.hasAccepted(userId, current)) ? current : ((await deps.repos.consents.latestAccepted(userId))?.version ?? null);
  const pending = deps.legal.pendingFor(acceptedVersion ?? undefined);
  return { version: current, acceptedVersion, renewalRequired: pending.length > 0, pending };
}

/** The user accepts the current versions; an outdated version (the page showed an old text) is 409/4210. */
export async function acceptConsent(deps: ConsentDeps, userId: string, version: string, now: number): Promise<void> {
  if (version !== deps.legal.version) throw new ApiError(CODE.CONFLICT, SUBCODE.AGREEMENT_REQUIRED);
  await deps.repos.consents.record({ userId, version, decision: 'accepted', now });
}

/** The user declines the current versions: recorded, and the calling session ends. */
export async function declineConsent(deps: Pick<Accounts, 'legal' | 'db'> & { repos: Pick<Accounts['repos'], 'consents' | 'sessions'> }, userId: string, sessionId: string, now: number): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    await deps.repos.consents.record({ userId, version: deps.legal.version, decision: 'declined', now }, trx);
    await deps.repos.sessions.revoke(sessionId, now, trx);
  });
}
