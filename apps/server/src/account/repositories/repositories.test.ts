// The same repository suite on both engines (docs/operations.md "Storage").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSessionsRepository, type SessionsRepository } from './sessions-repository.js';
import { createUsersRepository, type UsersRepository } from './users-repository.js';
import { createConsentsRepository } from './consents-repository.js';
import { createProfilesRepository } from './profiles-repository.js';
import { connectDatabase, type DatabaseHandle } from '../../db/connect.js';
import { migrateToLatest } from '../../db/migrate.js';
import { createPhoneProtection } from '../services/phone-protection.js';
import { generateAccessToken, hashAccessToken, SESSION_TTL_MS } from '../../lib/access-tokens.js';
import { ENGINES, createTestDatabase, type TestDatabase } from '../../../test/support/test-databases.js';
import { testSecretKeys } from '../../../test/support/secrets.js';
import { sql } from 'kysely';

describe.each(ENGINES)('repositories on %s', (engine) => {
  let testDb: TestDatabase;
  let handle: DatabaseHandle;
  let users: UsersRepository;
  let sessions: SessionsRepository;

  beforeAll(async () => {
    testDb = await createTestDatabase(engine);
    handle = connectDatabase(testDb.database);
    const applied = await migrateToLatest(handle.db);
    expect(applied.slice(0, 2)).toEqual(['2026-11-21-0001-users-and-sessions', '2026-11-21-0500-accounts']);
    const phones = createPhoneProtection(testSecretKeys());
    users = createUsersRepository(handle.db, phones);
    sessions = createSessionsRepository(handle.db);
  });

  afterAll(async () => {
    await handle?.close();
    await testDb?.drop();
  });

  it('reads the consent facts in one statement exactly as the three reads they replace answer, with the profile or without one', async () => {
    const consents = createConsentsRepository(handle.db);
    const profiles = createProfilesRepository(handle.db);
    // The three reads the one statement replaces, written out singly as the oracle (docs/api.md "Consent").
    const { db } = handle;
    const singly = async (userId: string, version: string) => {
      const latest = await db
        .selectFrom('consents')
        .select(['version', 'decision', 'decided_at'])
        .where('user_id', '=', userId)
        .where('decision', '=', 'accepted')
        .orderBy('decided_at', 'desc')
        .orderBy('id', 'desc')
        .executeTakeFirst();
      const withdrawal = await db
        .selectFrom('consents')
        .select('decided_at')
        .where('user_id', '=', userId)
        .where('decision', '=', 'withdrawn')
        .orderBy('decided_at', 'desc')
        .executeTakeFirst();
      const withdrawnAt = withdrawal === undefined ? undefined : Number(withdrawal.decided_at);
      const acceptances = await db
        .selectFrom('consents')
        .select('decided_at')
        .where('user_id', '=', userId)
        .where('version', '=', version)
        .where('decision', '=', 'accepted')
        .execute();
      return {
        latest: latest && { version: latest.version, decision: latest.decision, decidedAt: Number(latest.decided_at) },
        withdrawnAt,
        accepted: acceptances.some((row) => withdrawnAt === undefined || Number(row.decided_at) > withdrawnAt),
      };
    };
    const user = await users.create({ phone: '13700000077', now: 1 });
    const check = async () => {
      for (const version of ['v1', 'v2']) {
        const expected = await singly(user.id, version);
        expect(await consents.facts(user.id, version)).toEqual(expected);
        expect((await profiles.findWithConsent(user.id, version)).consent).toEqual(expected);
      }
    };
    // Nothing decided; then accepted; a withdrawal; accepted again in the same millisecond as another version; declined.
    await check();
    expect((await profiles.findWithConsent(user.id, 'v1')).profile).toBeUndefined();
    await consents.record({ userId: user.id, version: 'v1', decision: 'accepted', now: 10 });
    await check();
    await consents.record({ userId: user.id, version: 'v1', decision: 'withdrawn', now: 20 });
    await check();
    await consents.record({ userId: user.id, version: 'v2', decision: 'accepted', now: 30 });
    await consents.record({ userId: user.id, version: 'v1', decision: 'accepted', now: 30 });
    await check();
    await consents.record({ userId: user.id, version: 'v2', decision: 'declined', now: 40 });
    await check();
    expect(await profiles.tryCreate({ userId: user.id, inviteCode: 'ABCD2345', invitedBy: null, now: 50 })).toBe(true);
    expect((await profiles.findWithConsent(user.id, 'v2')).profile).toEqual(await profiles.findByUserId(user.id));
  });

  it('runs migrations once', async () => {
    expect(await migrateToLatest(handle.db)).toEqual([]);
  });

  it('stores a user without the phone number in the clear and finds it by phone', async () => {
    const user = await users.create({ phone: '13812345678', now: 1_000 });
    expect(user).toMatchObject({ phone: '13812345678', status: 'active', createdAt: 1_000 });
    const raw = await sql<Record<string, unknown>>`select * from users where id = ${user.id}`.execute(handle.db);
    expect(JSON.stringify(raw.rows)).not.toContain('13812345678');
    expect(await users.findByPhone('13812345678')).toEqual(user);
    expect(await users.findById(user.id)).toEqual(user);
    expect(await users.findByPhone('13812345679')).toBeUndefined();
  });

  it('refuses a second user with the same phone', async () => {
    await users.create({ phone: '13900000001', now: 1 });
    await expect(users.create({ phone: '13900000001', now: 2 })).rejects.toThrow();
  });

  it('creates, finds and revokes sessions by token hash only', async () => {
    const user = await users.create({ phone: '13700000002', now: 5 });
    const token = generateAccessToken();
    const created = await sessions.create({ userId: user.id, tokenHash: hashAccessToken(token), now: 10, ttlMs: SESSION_TTL_MS });
    expect(created.expiresAt).toBe(10 + 7 * 24 * 3600 * 1000);
    const raw = await sql<Record<string, unknown>>`select * from sessions where id = ${created.id}`.execute(handle.db);
    expect(JSON.stringify(raw.rows)).not.toContain(token);
    expect(await sessions.findByTokenHash(hashAccessToken(token))).toEqual(created);
    expect(await sessions.revoke(created.id, 20)).toBe(true);
    expect(await sessions.revoke(created.id, 30)).toBe(false);
    expect((await sessions.findByTokenHash(hashAccessToken(token)))?.revokedAt).toBe(20);
  });

  it('reads a session with its account in one query, the phone decrypted through the users repository', async () => {
    const user = await users.create({ phone: '13700000012', now: 5 });
    const token = generateAccessToken();
    const created = await sessions.create({ userId: user.id, tokenHash: hashAccessToken(token), now: 10, ttlMs: SESSION_TTL_MS });
    const queries: string[] = [];
    const counted = handle.db.withPlugin({
      transformQuery: (args) => (queries.push(args.node.kind), args.node),
      transformResult: async (args) => args.result,
    });
    const found = await createSessionsRepository(counted).findByTokenHashWithUser(hashAccessToken(token));
    expect(queries).toEqual(['SelectQueryNode']);
    expect(found?.session).toEqual(created);
    expect(users.fromRow(found!.user)).toEqual(user);
    expect(await sessions.findByTokenHashWithUser(hashAccessToken(generateAccessToken()))).toBeUndefined();
  });

  it('revokes every live session of a user', async () => {
    const user = await users.create({ phone: '13600000003', now: 5 });
    for (let i = 0; i < 3; i++) await sessions.create({ userId: user.id, tokenHash: hashAccessToken(generateAccessToken()), now: i, ttlMs: 1000 });
    expect(await sessions.revokeAllForUser(user.id, 99)).toBe(3);
    expect(await sessions.revokeAllForUser(user.id, 100)).toBe(0);
  });

  it('takes a transaction and rolls back with it', async () => {
    const before = await users.count();
    await expect(
      handle.db.transaction().execute(async (trx) => {
        await users.create({ phone: '13500000004', now: 1 }, trx);
        expect(await users.count(trx)).toBe(before + 1);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await users.count()).toBe(before);
    expect(await users.findByPhone('13500000004')).toBeUndefined();
  });

  it('returns timestamps as numbers on this engine', async () => {
    const user = await users.create({ phone: '13400000005', now: 1_763_700_000_123 });
    expect((await users.findById(user.id))?.createdAt).toBe(1_763_700_000_123);
  });
});
