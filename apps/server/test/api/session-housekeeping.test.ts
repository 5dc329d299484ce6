// Ended sessions and expired authorisation codes are pruned: by the server at start (and daily), and by
// `npm run admin -- sessions prune`; rows within a day of their end, and used codes that have not expired,
// stay. Minting authorisation codes (authorized-code) has a budget per session and hour.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CODE, authorizedCode } from '@tyd/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Secrets } from '../../src/config/index.js';
import { createAuthorizationCodesRepository } from '../../src/account/repositories/authorization-codes-repository.js';
import { connectDatabase } from '../../src/db/connect.js';
import type { AccountRepositories } from '../../src/account/repositories/account-repositories.js';
import { createSessionsRepository } from '../../src/account/repositories/sessions-repository.js';
import { createUsersRepository } from '../../src/account/repositories/users-repository.js';
import { hashAccessToken } from '../../src/lib/access-tokens.js';
import { createPhoneProtection } from '../../src/account/services/phone-protection.js';
import { testClock } from '../support/accounts.js';
import { adminCommand } from '../support/admin-command.js';
import { startChildServer } from '../support/child-server.js';
import { createSession, createUser } from '../support/factories.js';
import { startTestApp } from '../support/test-app.js';
import { ENGINES, createTestDatabase, type TestDatabase } from '../support/test-databases.js';

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

/** Sessions and codes on both sides of the prune line; returns what should go and what should stay. */
async function seed(repos: Pick<AccountRepositories, 'users' | 'sessions' | 'authorizationCodes'>, now: number) {
  const user = await createUser(repos);
  const session = (opts: { now: number; ttlMs: number }) => createSession(repos, user, opts).then((s) => hashAccessToken(s.accessToken));
  const code = async (at: number, ttlMs: number, usedBy?: string) => {
    const codeHash = randomBytes(32).toString('hex');
    await repos.authorizationCodes.create({ codeHash, userId: user.id, mintedBy: null, now: at, ttlMs });
    if (usedBy) await repos.authorizationCodes.markUsed(codeHash, usedBy, at);
    return codeHash;
  };
  const live = await createSession(repos, user, { now });
  const revoked = await createSession(repos, user, { now: now - 3 * DAY });
  await repos.sessions.revoke(revoked.sessionId, now - 2 * DAY);
  return {
    gone: {
      sessions: [await session({ now: now - 10 * DAY, ttlMs: 8 * DAY }), hashAccessToken(revoked.accessToken)],
      codes: [await code(now - 2 * DAY, 120_000), await code(now - 2 * DAY, 120_000, live.sessionId)],
    },
    kept: {
      sessions: [await session({ now: now - 7 * DAY, ttlMs: 7 * DAY - HOUR }), hashAccessToken(live.accessToken)],
      codes: [await code(now - HOUR, 120_000), await code(now, 120_000, live.sessionId), await code(now, 120_000)],
    },
  };
}

async function expectPruned(repos: Pick<AccountRepositories, 'sessions' | 'authorizationCodes'>, rows: Awaited<ReturnType<typeof seed>>) {
  for (const hash of rows.gone.sessions) expect(await repos.sessions.findByTokenHash(hash)).toBeUndefined();
  for (const hash of rows.gone.codes) expect(await repos.authorizationCodes.findByHash(hash)).toBeUndefined();
  for (const hash of rows.kept.sessions) expect(await repos.sessions.findByTokenHash(hash)).toBeDefined();
  for (const hash of rows.kept.codes) expect(await repos.authorizationCodes.findByHash(hash)).toBeDefined();
}

describe('pruning by the server at start', () => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase('sqlite');
  });
  afterAll(async () => {
    await testDb?.drop();
  });

  it('deletes ended sessions and expired codes when it starts', { timeout: 120_000 }, async () => {
    const env = { DATA_DIR: testDb.dataDir, WEB_DIST: join(testDb.dataDir, 'no-web-build') };
    // The first start creates the schema and the keys; the rows are seeded while the server is down.
    const first = await startChildServer(env);
    expect(await first.stop()).toBe(0);
    const secrets = JSON.parse(readFileSync(join(testDb.dataDir, 'keys.json'), 'utf8')) as Secrets;
    const handle = connectDatabase(testDb.database);
    try {
      const repos = {
        users: createUsersRepository(handle.db, createPhoneProtection(secrets)),
        sessions: createSessionsRepository(handle.db),
        authorizationCodes: createAuthorizationCodesRepository(handle.db),
      };
      const rows = await seed(repos, Date.now());
      // Ready means the start-up prune has run (an onReady hook, awaited before listening).
      const second = await startChildServer(env);
      try {
        await expectPruned(repos, rows);
      } finally {
        await second.stop();
      }
    } finally {
      await handle.close();
    }
  });
});

describe.each(ENGINES)('npm run admin -- sessions prune on %s', (engine) => {
  it('deletes ended sessions and expired codes and says how many', async () => {
    const t = await startTestApp({ engine });
    try {
      const rows = await seed(t.app.accounts.repos, Date.now());
      const { stdout } = await adminCommand(t, ['sessions', 'prune']);
      expect(JSON.parse(stdout)).toMatchObject({ pruned: { sessions: 2, authorizationCodes: 2 } });
      await expectPruned(t.app.accounts.repos, rows);
    } finally {
      await t.close();
    }
  });
});

describe('minting authorisation codes', () => {
  it('gives each session AUTH_CODE_MINTS_PER_HOUR codes per hour', async () => {
    const clock = testClock();
    const t = await startTestApp({ clock, env: { AUTH_CODE_MINTS_PER_HOUR: '3' } });
    try {
      const client = await t.client();
      const user = await createUser(t.app.accounts.repos);
      const { accessToken } = await createSession(t.app.accounts.repos, user);
      const mint = (token: string) => client.call(authorizedCode, {}, { accessToken: token });
      // In parallel: the budget is counted atomically, so a burst cannot overshoot it.
      const burst = await Promise.all(Array.from({ length: 6 }, () => mint(accessToken)));
      expect(burst.filter((r) => r.response?.code === CODE.OK)).toHaveLength(3);
      const refused = burst.find((r) => r.response?.code === CODE.TOO_MANY_REQUESTS);
      expect(refused?.response).toMatchObject({ msg: '请求过于频繁，请稍后重试', data: { retryAfterSeconds: expect.any(Number) } });
      // Another session of the same user has its own budget; the next hour a new one.
      expect((await mint((await createSession(t.app.accounts.repos, user)).accessToken)).response?.code).toBe(CODE.OK);
      clock.advance(HOUR);
      expect((await mint(accessToken)).response?.code).toBe(CODE.OK);
    } finally {
      await t.close();
    }
  });
});
