// Operators' accounts and sessions (docs/operations.md "Operators"): adding, disabling and resetting them
// (adding and resetting issue an enrolment link: services/enrolment.ts), signing in with a password and a
// TOTP code, and the sessions the /ops cookie names. No HTTP here. TOTP secrets are kept sealed
// (lib/field-cipher.ts with the operator-totp key): a copy of the database alone holds no second factor.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { OPS_OPERATOR_NAME, type OpsOperator, type OpsRole } from '@tyd/protocol';
import type { OperatorsConfig } from '../../config/index.js';
import { deriveKey } from '../../lib/derived-keys.js';
import { createFieldCipher, type FieldCipher } from '../../lib/field-cipher.js';
import type { EnrolmentsRepository } from '../repositories/enrolments-repository.js';
import type { OperatorRow, OperatorsRepository } from '../repositories/operators-repository.js';
import { hashPassword, newTotp, totpStep, verifyPassword } from './credentials.js';
import { createEnrolments, unknownPasswordHash } from './enrolment.js';
import type { SignedInOperator } from '../../http/ops-guard.js';

/** A refusal the routes turn into an answer: `input` 400, `not-found` 404, `conflict` 409. */
export class OperatorsError extends Error {
  override readonly name = 'OperatorsError';
  constructor(
    readonly kind: 'input' | 'not-found' | 'conflict',
    message: string,
  ) {
    super(message);
  }
}

/** Why a sign-in was refused: the same for an unknown name, a wrong password, a wrong or reused code and a disabled operator. */
export type SignInResult =
  { ok: true; operator: OperatorRow; sessionId: string; csrfToken: string; idleExpiresAt: number; expiresAt: number } | { ok: false; lockedUntil?: number };

/** An operator just added or reset, and the enrolment link's token (for the link handed over; never stored) and end. */
export interface EnrolmentLink {
  operator: OperatorRow;
  token: string;
  expiresAt: number;
}

export const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
/** The failures table's key of a typed name: trimmed, lower case, hashed (a typed name is kept as no text). */
const nameKeyOf = (name: string) => sha256Hex(name.trim().toLowerCase().slice(0, 200));

export function operatorView(row: OperatorRow): OpsOperator {
  return {
    id: row.id,
    name: row.name,
    role: row.role,
    createdAt: row.created_at,
    createdBy: row.created_by,
    disabledAt: row.disabled_at,
    enrolledAt: row.enrolled_at,
  };
}

/** How long a name's failure count outlives its last failure (when not locked). */
export const FAILURES_KEPT_MS = 24 * 60 * 60 * 1000;

/** 1 minute at the `free`-th failure, doubling with each further one, at most 1 hour (NIST SP 800-63B §5.2.2). */
export const lockMsFor = (free: number) => (failures: number) => Math.min(60_000 * 2 ** Math.max(0, failures - free), 3_600_000);

/** The cipher of operators' TOTP secrets, with its own key derived from TYD_DATA_KEY (lib/derived-keys.ts). */
export const operatorTotpCipher = (dataKey: string): FieldCipher => createFieldCipher(deriveKey(dataKey, 'operator-totp'));

/** The cipher of what an approved request produced for its maker (a batch's codes), with its own derived key. */
export const approvalResultCipher = (dataKey: string): FieldCipher => createFieldCipher(deriveKey(dataKey, 'ops-approval-result'));

/** The AAD of an operator's sealed TOTP secret: it opens in that operator's row only. */
const totpAad = (id: string) => `operators.totp_secret:${id}`;

export function createOperators(deps: {
  repo: OperatorsRepository;
  enrolmentsRepo: EnrolmentsRepository;
  config: OperatorsConfig;
  totpCipher: FieldCipher;
  /** The password check (credentials.ts); a test counts its calls. */
  verify?: typeof verifyPassword;
}) {
  const { repo, config, totpCipher } = deps;
  const verify = deps.verify ?? verifyPassword;
  const seal = (id: string, secret: string) => totpCipher.encrypt(totpAad(id), Buffer.from(secret, 'utf8'));
  const enrolments = createEnrolments({ repo: deps.enrolmentsRepo, enrolmentMs: config.enrolmentMs, totpCipher, sealForOperator: seal });
  /** The operator's TOTP secret: sealed, or in the clear when an earlier version stored it (sealed at the next sign-in). */
  const secretOf = (row: OperatorRow) =>
    row.totp_secret_sealed !== null ? totpCipher.decrypt(totpAad(row.id), row.totp_secret_sealed).toString('utf8') : row.totp_secret;
  // A hash of nothing anyone knows, verified when the name is unknown, so an unknown name costs the same
  // argon2id work as a known one and the answer's timing says nothing about which it was.
  const dummy = (async () => ({ hash: await hashPassword(randomBytes(16).toString('base64url')), totp: newTotp('x').secret }))();

  /** Adds an operator who cannot sign in until they complete the link this returns (services/enrolment.ts). */
  async function add(name: string, role: OpsRole, by: string, now: number): Promise<EnrolmentLink> {
    if (!OPS_OPERATOR_NAME.test(name)) throw new OperatorsError('input', '账号名（name）：2 至 64 个小写字母、数字或 . _ @ -，以字母或数字开头');
    const row: OperatorRow = {
      id: `op_${randomUUID()}`,
      name,
      role,
      password_hash: await unknownPasswordHash(),
      totp_secret: '',
      totp_secret_sealed: null,
      last_totp_step: 0,
      created_at: now,
      created_by: by,
      disabled_at: null,
      enrolled_at: null,
    };
    const link = enrolments.newLink(by, now);
    if (!(await enrolments.addPending(row, link.row))) throw new OperatorsError('conflict', '账号名（name）：已有同名运营人员');
    return { operator: row, token: link.token, expiresAt: link.expiresAt };
  }

  async function target(id: string): Promise<OperatorRow> {
    const row = await repo.find(id);
    if (!row) throw new OperatorsError('not-found', '没有这位运营人员');
    return row;
  }

  return {
    add,
    enrolments,
    list: () => repo.list(),

    /** Disables an operator and ends their sessions; not oneself (so an administrator always remains: the one acting). */
    async disable(id: string, actor: SignedInOperator, now: number): Promise<{ before: OperatorRow; after: OperatorRow }> {
      const before = await target(id);
      if (before.id === actor.id) throw new OperatorsError('input', '不能停用自己的账号');
      if (before.disabled_at !== null) throw new OperatorsError('conflict', '该账号已停用');
      if (!(await repo.disable(id, now))) throw new OperatorsError('conflict', '该账号已停用');
      await repo.deleteSessionsOf(id);
      await enrolments.revoke(id);
      return { before, after: { ...before, disabled_at: now } };
    },

    /**
     * The operator's password and TOTP secret stop at once and their sessions end; enabled again, the lock
     * lifted, and a new enrolment link (replacing any earlier one) for them to choose new ones.
     */
    async reset(id: string, by: string, now: number): Promise<{ before: OperatorRow; link: EnrolmentLink }> {
      const before = await target(id);
      const link = enrolments.newLink(by, now);
      if (!(await enrolments.resetPending(id, await unknownPasswordHash(), link.row))) throw new OperatorsError('not-found', '没有这位运营人员');
      await repo.clearFailures(nameKeyOf(before.name));
      const after = (await repo.find(id)) ?? before;
      return { before, link: { operator: after, token: link.token, expiresAt: link.expiresAt } };
    },

    /**
     * Password and TOTP code together, so nothing tells which of them (or the name) was wrong. Each attempt
     * of a name is counted before it is checked and forgotten when it succeeds (repository countAttempt);
     * a locked name answers with when to come back, whether it exists or not.
     */
    async signIn(input: { name: string; password: string; code: string }, address: string, now: number): Promise<SignInResult> {
      const nameKey = nameKeyOf(input.name);
      const { hash: dummyHash, totp: dummyTotp } = await dummy;
      const attempt = await repo.countAttempt(nameKey, now, config.freeFailures, lockMsFor(config.freeFailures));
      // A locked name answers at once, whether it exists or not: no argon2id work for a guess that is not checked.
      if (attempt === undefined) return { ok: false, lockedUntil: await repo.lockedUntil(nameKey) };
      const found = await repo.findByName(input.name.trim().toLowerCase());
      // An operator whose enrolment is pending has no credentials yet: checked as an unknown name is.
      const operator = found?.enrolled_at === null ? undefined : found;
      const passwordOk = await verify(operator?.password_hash ?? dummyHash, input.password);
      const step = totpStep(operator ? secretOf(operator) : dummyTotp, input.code, now);
      if (!operator || !passwordOk || step === undefined || operator.disabled_at !== null) return { ok: false };
      // RFC 6238 §5.2: one code, one use; of two sign-ins racing with it, one takes the step.
      if (!(await repo.takeTotpStep(operator.id, step))) return { ok: false };
      await repo.clearFailures(nameKey);
      if (operator.totp_secret !== '') await repo.sealTotpSecret(operator.id, seal(operator.id, operator.totp_secret));
      const sessionId = randomBytes(32).toString('base64url');
      const csrfToken = randomBytes(32).toString('base64url');
      await repo.insertSession({ id_hash: sha256Hex(sessionId), operator_id: operator.id, csrf_token: csrfToken, created_at: now, last_seen_at: now, address });
      return { ok: true, operator, sessionId, csrfToken, idleExpiresAt: now + config.sessionIdleMs, expiresAt: now + config.sessionMaxMs };
    },

    /**
     * The live session the cookie names, or why not: `none` (no such session), `expired` (idle or too old:
     * deleted now), `disabled` (its operator was disabled: every session of theirs deleted). Refreshes the idle clock.
     */
    async session(sessionId: string, now: number) {
      const idHash = sha256Hex(sessionId);
      const found = await repo.findSession(idHash);
      if (!found) return { state: 'none' as const };
      const { session, operator } = found;
      if (operator.disabled_at !== null) {
        await repo.deleteSessionsOf(operator.id);
        return { state: 'disabled' as const };
      }
      if (now - session.last_seen_at > config.sessionIdleMs || now - session.created_at > config.sessionMaxMs) {
        await repo.deleteSession(idHash);
        return { state: 'expired' as const };
      }
      await repo.touchSession(idHash, now);
      return {
        state: 'live' as const,
        operator,
        csrfToken: session.csrf_token,
        idleExpiresAt: now + config.sessionIdleMs,
        expiresAt: session.created_at + config.sessionMaxMs,
      };
    },

    signOut: (sessionId: string) => repo.deleteSession(sha256Hex(sessionId)),

    /**
     * Deletes the sessions that have ended (idle or too old: the guard would refuse them), the failure
     * counts of names nobody tried for a day and that are not locked (a burst of guesses at many names leaves
     * a row each), and expired enrolment links. operators-module.ts runs it at start and daily.
     */
    async prune(now: number): Promise<{ sessions: number; failures: number; enrolmentLinks: number }> {
      const sessions = await repo.pruneSessions(now - config.sessionIdleMs, now - config.sessionMaxMs);
      const failures = await repo.pruneFailures(now - FAILURES_KEPT_MS, now);
      const enrolmentLinks = await enrolments.pruneExpired(now);
      return { sessions, failures, enrolmentLinks };
    },
  };
}
export type Operators = ReturnType<typeof createOperators>;
