// Self-hosted proof of work (a human check without a third-party captcha): ALTCHA v2 challenges
// from altcha-lib, PBKDF2/SHA-256, signed with a server HMAC key. Deterministic mode (a secret counter the
// server derives the key prefix from, plus a key signature) keeps verification to one derivation.
// A solution counts once: used challenges are remembered in the kv store until they expire.
import { createHash, randomInt } from 'node:crypto';
import type { SmsSendRetryLater } from '@tyd/protocol';
import { createChallenge, verifySolution, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { HumanCheckRules } from '../../config/index.js';
import type { KvStore } from '../../kv/kv-store.js';
import { claimUntil } from './kv-records.js';

export type PowChallenge = Extract<SmsSendRetryLater, { reason: 'human-check' }>['challenge'];
export interface PowSolution {
  challenge: PowChallenge;
  solution: { counter: number; derivedKey: string; time?: number | undefined };
}

export interface ProofOfWork {
  challenge(now: number): Promise<PowChallenge>;
  /** True once per valid, unexpired solution of a challenge this server signed. */
  verify(solved: PowSolution, now: number): Promise<boolean>;
}

const CHALLENGE_TTL_MS = 10 * 60_000;

export function createProofOfWork(opts: { kv: KvStore; signatureSecret: string; keySignatureSecret: string; rules: HumanCheckRules }): ProofOfWork {
  const { kv, rules } = opts;
  return {
    async challenge(now) {
      const challenge = await createChallenge({
        algorithm: 'PBKDF2/SHA-256',
        cost: rules.cost,
        counter: randomInt(rules.counterMin, rules.counterMax + 1),
        deriveKey,
        expiresAt: Math.floor((now + CHALLENGE_TTL_MS) / 1000),
        hmacSignatureSecret: opts.signatureSecret,
        hmacKeySignatureSecret: opts.keySignatureSecret,
      });
      return challenge as PowChallenge;
    },

    async verify(solved, now) {
      const expiresAt = (solved.challenge.parameters.expiresAt ?? 0) * 1000;
      if (expiresAt <= now) return false;
      const result = await verifySolution({
        challenge: solved.challenge as Challenge,
        solution: solved.solution,
        deriveKey,
        hmacSignatureSecret: opts.signatureSecret,
        hmacKeySignatureSecret: opts.keySignatureSecret,
      });
      if (!result.verified) return false;
      const id = createHash('sha256').update(solved.challenge.signature).digest('hex');
      return (await claimUntil(kv, `pow:used:${id}`, now, expiresAt)) === undefined;
    },
  };
}
