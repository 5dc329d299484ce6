// Factories for users and sessions, written through the real repositories.
import type { AccountRepositories } from '../../src/account/repositories/account-repositories.js';
import type { User } from '../../src/account/repositories/users-repository.js';
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
  const session = await repos.sessions.create({ userId: user.id, tokenHash: hashAccessToken(accessToken), now: opts.now ?? Date.now(), ttlMs: opts.ttlMs ?? SESSION_TTL_MS });
  return { accessToken, sessionId: session.id };
}
