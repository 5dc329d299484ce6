// Factories for users, sessions, verified identities and bound cards, written through the real repositories
// (or, for an identity or a card, the row certification or binding leaves, encrypted as their module does).
import { randomBytes, randomInt } from 'node:crypto';
import { maskBankCard } from '@tyd/protocol';
import type { Kysely } from 'kysely';
import type { AccountRepositories } from '../../src/account/repositories/account-repositories.js';
import type { User } from '../../src/account/repositories/users-repository.js';
import { createCardCipher } from '../../src/bank-cards/services/card-cipher.js';
import type { Secrets } from '../../src/config/index.js';
import type { Database } from '../../src/db/schema.js';
import { createIdentityCipher } from '../../src/identity/services/identity-cipher.js';
import { SESSION_TTL_MS, generateAccessToken, hashAccessToken } from '../../src/lib/access-tokens.js';

// Random start, then sequential: distinct within a run, unlikely to meet another run's numbers.
let phoneCounter = Math.floor(Math.random() * 50_000_000);

/** A distinct valid mainland mobile number per call (SPEC §9: 11 digits). */
export function uniquePhone(): string {
  phoneCounter += 1;
  return `139${String(phoneCounter % 100_000_000).padStart(8, '0')}`;
}

export async function createUser(repos: Pick<AccountRepositories, 'users'>, opts: { phone?: string; now?: number } = {}): Promise<User> {
  return repos.users.create({ phone: opts.phone ?? uniquePhone(), now: opts.now ?? Date.now() });
}

export async function createSession(
  repos: Pick<AccountRepositories, 'sessions'>,
  user: Pick<User, 'id'>,
  opts: { now?: number; ttlMs?: number } = {},
): Promise<{ accessToken: string; sessionId: string }> {
  const accessToken = generateAccessToken();
  const session = await repos.sessions.create({
    userId: user.id,
    tokenHash: hashAccessToken(accessToken),
    now: opts.now ?? Date.now(),
    ttlMs: opts.ttlMs ?? SESSION_TTL_MS,
  });
  return { accessToken, sessionId: session.id };
}

/**
 * Makes the account a verified person without the OCR and face steps: the identities row as certification
 * leaves it. Distinct ID numbers per call unless one is given (a unique index); sequence 123, never the
 * sandbox's 990, and not a valid number: nothing here checks it.
 */
export async function insertVerifiedIdentity(
  db: Kysely<Database>,
  secrets: Pick<Secrets, 'dataKey' | 'phoneHashKey'>,
  userId: string,
  opts: { idNumber?: string; now: number },
): Promise<string> {
  const cipher = createIdentityCipher(secrets);
  const idNumber = opts.idNumber ?? `110101${String(randomInt(0, 100_000_000)).padStart(8, '0')}123X`;
  await db
    .insertInto('identities')
    .values({
      user_id: userId,
      state: 'verified',
      portrait_enc: null,
      emblem_enc: null,
      identity_enc: cipher.encrypt('identity_enc', userId, {
        name: '沙盒用户',
        idNumber,
        sex: '男',
        ethnicity: '汉',
        birthDate: '1990-03-07',
        address: '北京市东城区沙盒路1号',
        validFrom: '2020-01-01',
        validTo: '2040-01-01',
      }),
      id_hash: cipher.idHash(idNumber),
      face_session_enc: null,
      face_expires_at: null,
      failure_reason: null,
      confirmed_at: opts.now,
      verified_at: opts.now,
      created_at: opts.now,
      updated_at: opts.now,
    })
    .execute();
  return idNumber;
}

/** A bound ICBC debit card as binding leaves it (bank-cards-service.ts): the number only as ciphertext. */
export async function insertBoundCard(
  db: Kysely<Database>,
  secrets: Pick<Secrets, 'dataKey' | 'phoneHashKey'>,
  userId: string,
  opts: { cardNumber?: string; now: number },
): Promise<void> {
  const cardNumber = opts.cardNumber ?? '6222020200112233445';
  const cipher = createCardCipher(secrets);
  await db
    .insertInto('bank_cards')
    .values({
      id: `bc_${randomBytes(16).toString('base64url')}`,
      user_id: userId,
      card_hash: cipher.cardHash(cardNumber),
      card_enc: cipher.encrypt(`bank_cards.card_enc\n${userId}`, cardNumber),
      masked_number: maskBankCard(cardNumber),
      last4: cardNumber.slice(-4),
      bank_code: 'ICBC',
      card_type: 'debit',
      masked_phone: '138****5678',
      is_default: 1,
      created_at: opts.now,
      agreement_version: '2026-11-01',
      agreed_at: opts.now,
    })
    .execute();
}
