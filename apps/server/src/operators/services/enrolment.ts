// Enrolment by the operator alone (docs/operations.md "Operators"): adding or resetting an operator issues a
// one-time link, and only whoever opens it chooses the password (NIST SP 800-63B §5.1.1.2) and sees the TOTP
// secret (RFC 6238), which they confirm with a current code before anything is changed, so a mistyped scan
// locks nobody out. No administrator, command or log ever holds another operator's credentials.
//
// The link's token is 256 random bits; only its SHA-256 is stored, bound to the operator (one live link each,
// a newer one replacing it), for OPS_ENROLMENT_HOURS. The secret is made when the link is first opened and
// kept sealed in the link's row (the operator-totp cipher, bound to the token's hash), so opening the link
// again shows the same secret; completing the enrolment moves it, sealed for the operator's row, into
// `operators` and deletes the link. No HTTP here.
import { createHash, randomBytes } from 'node:crypto';
import type { OpsRole } from '@tyd/protocol';
import type { FieldCipher } from '../../lib/field-cipher.js';
import type { EnrolmentsRepository, IssuedEnrolment } from '../repositories/enrolments-repository.js';
import type { OperatorRow } from '../repositories/operators-repository.js';
import { hashPassword, newTotp, otpauthUri, passwordProblem, totpStep } from './credentials.js';

/** Why an enrolment call was refused: `invalid` no live link (unknown, used, replaced or expired alike), `code` a wrong TOTP code. */
export class EnrolmentError extends Error {
  override readonly name = 'EnrolmentError';
  constructor(
    readonly kind: 'invalid' | 'code' | 'password',
    message: string,
  ) {
    super(message);
  }
}

/** A link just issued: the token (handed over in the link, never stored) and what the database keeps of it. */
export interface NewEnrolmentLink {
  token: string;
  expiresAt: number;
  row: IssuedEnrolment;
}

export const tokenHashOf = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/** The AAD of a secret shown on an enrolment page: it opens in that link's row only. */
const enrolmentAad = (tokenHash: string) => `operator_enrolments.totp_secret:${tokenHash}`;

const INVALID = '链接无效或已过期，请联系管理员重新生成';

/**
 * A password hash nobody can match: what a pending operator's row holds, so signing in as them costs the
 * same argon2id work as any other name and opens nothing.
 */
export const unknownPasswordHash = (): Promise<string> => hashPassword(randomBytes(32).toString('base64url'));

export function createEnrolments(deps: {
  repo: EnrolmentsRepository;
  enrolmentMs: number;
  totpCipher: FieldCipher;
  /** Seals a TOTP secret for the operator's own row (services/operators.ts). */
  sealForOperator: (id: string, secret: string) => string;
}) {
  const { repo, enrolmentMs, totpCipher, sealForOperator } = deps;

  async function live(token: string, now: number) {
    const tokenHash = tokenHashOf(token);
    const found = await repo.findLive(tokenHash, now);
    if (!found || found.operator.enrolled_at !== null) throw new EnrolmentError('invalid', INVALID);
    return { tokenHash, ...found };
  }

  return {
    /** A new link issued by `by` at `now`: 256 random bits (NIST SP 800-63B §5.1.1.1 asks at least 112 of a secret it hands out). */
    newLink(by: string, now: number): NewEnrolmentLink {
      const token = randomBytes(32).toString('base64url');
      const expiresAt = now + enrolmentMs;
      return { token, expiresAt, row: { token_hash: tokenHashOf(token), created_at: now, created_by: by.slice(0, 64), expires_at: expiresAt } };
    },

    /**
     * Opens a link: who it enrols and the TOTP secret to scan, made at the first opening and the same at every
     * later one (of two first openings at once, both answer the secret that was kept first).
     */
    async start(
      token: string,
      now: number,
    ): Promise<{ operator: Pick<OperatorRow, 'name' | 'role'>; totpSecret: string; otpauthUri: string; expiresAt: number }> {
      const { tokenHash, enrolment, operator } = await live(token, now);
      let sealed = enrolment.totp_secret_sealed;
      if (sealed === null) {
        const fresh = newTotp(operator.name);
        await repo.keepSecret(tokenHash, totpCipher.encrypt(enrolmentAad(tokenHash), Buffer.from(fresh.secret, 'utf8')));
        sealed = (await live(token, now)).enrolment.totp_secret_sealed;
        if (sealed === null) throw new Error('enrolment secret not kept');
      }
      const secret = totpCipher.decrypt(enrolmentAad(tokenHash), sealed).toString('utf8');
      return {
        operator: { name: operator.name, role: operator.role as OpsRole },
        totpSecret: secret,
        otpauthUri: otpauthUri(secret, operator.name),
        expiresAt: enrolment.expires_at,
      };
    },

    /**
     * Completes an enrolment: the operator's own password (the rules of passwordProblem) and a current code of
     * the secret the link showed. A wrong code or a refused password changes nothing and leaves the link
     * usable; of two completions at once, one wins and the other is told the link is no longer valid.
     */
    async finish(input: { token: string; password: string; code: string }, now: number): Promise<{ operator: OperatorRow }> {
      const { tokenHash, enrolment, operator } = await live(input.token, now);
      const problem = passwordProblem(input.password, operator.name);
      if (problem) throw new EnrolmentError('password', problem);
      if (enrolment.totp_secret_sealed === null) throw new EnrolmentError('code', '请先扫描本页的二维码，再输入验证器中的动态验证码');
      const secret = totpCipher.decrypt(enrolmentAad(tokenHash), enrolment.totp_secret_sealed).toString('utf8');
      const step = totpStep(secret, input.code, now);
      if (step === undefined) throw new EnrolmentError('code', '动态验证码不正确，请核对验证器中的最新验证码');
      const completed = await repo.complete(
        { tokenHash, secretSealed: enrolment.totp_secret_sealed, now },
        {
          operatorId: operator.id,
          passwordHash: await hashPassword(input.password),
          totpSecretSealed: sealForOperator(operator.id, secret),
          totpStep: step,
        },
      );
      if (!completed) throw new EnrolmentError('invalid', INVALID);
      return { operator: { ...operator, enrolled_at: now } };
    },

    revoke: (operatorId: string) => repo.revoke(operatorId),
    pruneExpired: (now: number) => repo.pruneExpired(now),
    addPending: repo.addPending,
    resetPending: repo.resetPending,
  };
}
export type Enrolments = ReturnType<typeof createEnrolments>;
