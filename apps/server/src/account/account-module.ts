// The account capability's services (SPEC §1 login and registration, consent, phone change, deregistration,
// authorised login; docs/architecture.md "Modules"): its repositories over the one database handle, SMS
// codes and sending with their limits and proof of work, and the session check every sealed route uses
// (`authenticate`, pipeline step "session"). Keys for the code MACs and the challenges are derived from the
// configured secrets (lib/derived-keys.ts). Its routes are registered apart, behind the pipeline
// (account-routes.ts).
import { CODE, SUBCODE } from '@tyd/protocol';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AccountConfig, LegalConfig, Secrets, SmsConfig } from '../config/index.js';
import type { DatabaseHandle } from '../db/connect.js';
import { ApiError } from '../http/api-error.js';
import type { KvStore } from '../kv/kv-store.js';
import { deriveKey } from '../lib/derived-keys.js';
import type { Outbox } from '../outbox/outbox.js';
import { createAccountRepositories, type AccountRepositories } from './repositories/account-repositories.js';
import type { Session } from './repositories/sessions-repository.js';
import type { User } from './repositories/users-repository.js';
import { hashAccessToken, isAccessTokenShape } from '../lib/access-tokens.js';
import { createLegalDocuments, type LegalDocuments } from './services/legal-documents.js';
import { createPhoneProtection, type PhoneProtection } from './services/phone-protection.js';
import { createProofOfWork } from './services/proof-of-work.js';
import type { RetainedIdentityReader } from './services/deregistration.js';
import { createRetainedRecordCrypto, type RetainedRecordCrypto } from './services/retained-records.js';
import { pruneSessionsAndCodes } from './services/session-housekeeping.js';
import { createSmsCodes, type SmsCodes } from './services/sms-codes.js';
import { createSmsSending, type SmsSending } from './services/sms-sending.js';
import { createSmsOwners, type SmsOwners } from './services/sms-requester.js';
import { createDeviceCookie, type DeviceCookie } from '../http/device-cookie.js';
import { createListCursors, type ListCursors } from '../lib/list-cursor.js';
import { noteActivity } from './services/account-security.js';
import { loadIpRegions, type IpRegions } from './services/ip-regions.js';

/**
 * For other capabilities (docs/architecture.md "Modules"): a one-time authorisation code that opens a
 * page already logged in (/others/tydPreJump), e.g. the lucky draw's ticket.
 */
export { checkMintBudget, mintAuthorizationCode } from './services/authorization-codes.js';

/**
 * For capabilities that send and check SMS codes of their own purposes (bank-card binding sends to the
 * phone the bank has): the owner/others bucket of a phone (docs/api.md "SMS code rules") and the mainland
 * mobile check (4201). Sending and checking are `fastify.accounts.smsSending` and `.smsCodes`.
 */
export { NO_DEVICE, type SmsBucket, type SmsDevice } from './services/sms-requester.js';
export { requireMainlandMobile } from './services/login.js';

/** For the rewards capability's invitations: an account's code, who invited it, and whom it invited (masked). */
export { inviteCodeOf, inviteesOf, inviterOf, type Invitee } from './services/invitees.js';

/**
 * For the privacy capability (PIPL art. 15, 45): what an account holds, as its copy and its list show it, and
 * the withdrawal of consent, recorded as consents are and ending every session.
 */
export type { User } from './repositories/users-repository.js';
export type { Consent } from './repositories/consents-repository.js';
export type { Profile } from './repositories/profiles-repository.js';
export type { SmsCodes } from './services/sms-codes.js';
export { withdrawConsent } from './services/consent.js';

/**
 * For the customer-service desk (support-desk/, docs/api.md "Customer-service desk"): ending every session of
 * an account, freezing it and lifting the freeze, and whether its SMS login is locked.
 */
export { endAllSessions, freezeAccount, smsLoginLocks, unfreezeAccount } from './services/account-freeze.js';
export type { AccountFreeze } from './repositories/users-repository.js';
export type { Session } from './repositories/sessions-repository.js';
export type { LoginEvent } from './repositories/login-events-repository.js';
export { LOGIN_RECORD_MS } from './services/session-housekeeping.js';

/** What the account routes hand to the services; each service declares the part it takes. */
export interface Accounts {
  db: DatabaseHandle['db'];
  /** Sign-in and phone-change transactions write their security messages with them (outbox/outbox.ts). */
  outbox: Pick<Outbox, 'transaction'>;
  /** Erases deleted rows from the database files (db/connect.ts). */
  flushDeletions: DatabaseHandle['flushDeletions'];
  kv: KvStore;
  repos: AccountRepositories;
  phones: PhoneProtection;
  smsCodes: SmsCodes;
  smsSending: SmsSending;
  /** The owner/others bucket of a phone for a request, and the devices remembered as its owner's (services/sms-requester.ts). */
  smsOwners: SmsOwners;
  /** The signed device cookie set after a login (http/device-cookie.ts). */
  deviceCookie: DeviceCookie;
  legal: LegalDocuments;
  retained: RetainedRecordCrypto;
  config: AccountConfig;
  /** The verified identity deregistration keeps in the retained record, read inside its transaction. */
  retainedIdentity: RetainedIdentityReader;
  /**
   * Sets where `retainedIdentity` reads: the identity module, which is built after this one and uses it
   * (docs/architecture.md "Modules"), so the dependency runs one way. Without it, none is kept.
   */
  keepRetainedIdentity(reader: RetainedIdentityReader): void;
  /** login-records' cursors (lib/list-cursor.ts). */
  cursors: ListCursors;
  /** The region of an address (services/ip-regions.ts), its database read while the app was built. */
  ipRegions: IpRegions;
  /** Notes a call of a session (when and from where it was last used), at most once a minute (services/account-security.ts). */
  noteActivity(session: Session, ip: string, now: number): Promise<void>;
}

export interface AuthenticatedSession {
  session: Session;
  user: User;
}

declare module 'fastify' {
  interface FastifyInstance {
    accounts: Accounts;
    /**
     * The session of an access token (x-access-token header or the cookie of that name, SPEC §3); only its
     * SHA-256 is looked up. Unknown, revoked, expired or malformed -> 401 (expired: subcode 4011; ended by
     * 下线 from another device: 4012, docs/api.md "Account security"), which sends the user to login (SPEC §4).
     */
    authenticate(accessToken: string, now: number): Promise<AuthenticatedSession>;
  }
}

const DAY_MS = 24 * 60 * 60 * 1000;

export interface AccountModuleOptions {
  account: AccountConfig;
  legal: LegalConfig;
  sms: SmsConfig;
  secrets: Pick<Secrets, 'cookieSecret' | 'phoneHashKey' | 'dataKey'>;
  /** The Secure flag of cookies (COOKIE_SECURE, as the XSRF cookie). */
  cookieSecure: boolean;
}

export default fp(
  async (fastify: FastifyInstance, opts: AccountModuleOptions) => {
    const { account, legal, sms, secrets } = opts;
    const phones = createPhoneProtection(secrets);
    const repos = createAccountRepositories(fastify.database.db, phones);
    // Fixed test codes only ever with the sandbox (config/sms.ts refuses them with any other provider).
    const fixedCodes = sms.provider === 'sandbox' ? sms.fixedCodes : new Map<string, string>();
    const smsCodes = createSmsCodes({ kv: fastify.kv, macKey: deriveKey(secrets.cookieSecret, 'sms-code-mac'), rules: sms.codes, fixedCodes });
    const proofOfWork = createProofOfWork({
      kv: fastify.kv,
      signatureSecret: deriveKey(secrets.cookieSecret, 'pow-challenge').toString('base64url'),
      keySignatureSecret: deriveKey(secrets.cookieSecret, 'pow-key').toString('base64url'),
      rules: sms.humanCheck,
    });
    // Before the app listens (plugins are registered before ready), so no request waits for the file.
    const loadStarted = performance.now();
    const ipRegions = loadIpRegions();
    fastify.log.debug({ ms: Math.round(performance.now() - loadStarted) }, 'region database loaded');
    let identityReader: RetainedIdentityReader = async () => undefined;
    fastify.decorate('accounts', {
      db: fastify.database.db,
      outbox: fastify.outbox,
      flushDeletions: fastify.database.flushDeletions,
      kv: fastify.kv,
      repos,
      phones,
      smsCodes,
      smsOwners: createSmsOwners({ kv: fastify.kv, tagKey: deriveKey(secrets.cookieSecret, 'sms-owner-device') }),
      deviceCookie: createDeviceCookie({ key: deriveKey(secrets.cookieSecret, 'device-cookie'), secure: opts.cookieSecure }),
      smsSending: createSmsSending({
        kv: fastify.kv,
        codes: smsCodes,
        proofOfWork,
        provider: fastify.smsProvider,
        rules: sms.codes,
        humanCheck: sms.humanCheck,
        log: fastify.log,
      }),
      legal: createLegalDocuments(legal),
      retained: createRetainedRecordCrypto(secrets),
      config: account,
      retainedIdentity: (userId, trx) => identityReader(userId, trx),
      keepRetainedIdentity(reader) {
        identityReader = reader;
      },
      cursors: createListCursors(secrets.cookieSecret),
      ipRegions,
      noteActivity: (session, ip, now) => noteActivity({ repos, ipRegions }, session, ip, now),
    });

    fastify.decorate('authenticate', async (accessToken: string, now: number): Promise<AuthenticatedSession> => {
      if (!isAccessTokenShape(accessToken)) throw new ApiError(CODE.UNAUTHORIZED, undefined, { detail: 'malformed access token' });
      // One read: the session and its account (sessions-repository.ts findByTokenHashWithUser).
      const found = await repos.sessions.findByTokenHashWithUser(hashAccessToken(accessToken));
      if (found?.session.revokedAt != null && found.session.endedReason === 'other-device') {
        throw new ApiError(CODE.UNAUTHORIZED, SUBCODE.SIGNED_OUT_ELSEWHERE, { detail: 'session ended from another device' });
      }
      if (!found || found.session.revokedAt !== null) throw new ApiError(CODE.UNAUTHORIZED, undefined, { detail: 'unknown or revoked session' });
      const { session } = found;
      if (session.expiresAt <= now) throw new ApiError(CODE.UNAUTHORIZED, SUBCODE.SESSION_EXPIRED, { detail: 'session expired' });
      const user = repos.users.fromRow(found.user);
      if (user.status !== 'active') throw new ApiError(CODE.UNAUTHORIZED, undefined, { detail: 'user not active' });
      // Freezing ends every session in its transaction; this refuses one a sign-in racing it opened.
      if (user.frozen) throw new ApiError(CODE.UNAUTHORIZED, undefined, { detail: 'account frozen' });
      return { session, user };
    });

    // Retained records leave the database on their retention date (PIPL art. 47: deleted once the period
    // the law requires has passed), and ended sessions and expired authorisation codes once they can no
    // longer matter (services/session-housekeeping.ts): at start and daily.
    const purge = async () => {
      try {
        const purged = await repos.retainedRecords.purgeExpired(fastify.clock());
        if (purged > 0) fastify.log.info({ purged }, 'retained records past their retention date deleted');
      } catch (error) {
        fastify.log.error({ err: error }, 'purging retained records failed');
      }
      try {
        const pruned = await pruneSessionsAndCodes(repos, fastify.clock());
        fastify.log.info(
          { sessions: pruned.sessions, authorizationCodes: pruned.authorizationCodes, loginEvents: pruned.loginEvents },
          'ended sessions, expired authorisation codes and old sign-in records pruned',
        );
      } catch (error) {
        fastify.log.error({ err: error }, 'pruning sessions and authorisation codes failed');
      }
    };
    const timer = setInterval(() => void purge(), DAY_MS);
    timer.unref();
    fastify.addHook('onReady', purge);
    fastify.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'accounts', fastify: '5.x', dependencies: ['database', 'kv', 'sms-provider', 'clock', '@fastify/cookie', 'outbox'] },
);
