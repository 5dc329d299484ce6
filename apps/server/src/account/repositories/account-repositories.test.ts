// The account repositories on both engines: profiles (unique invite codes), consents, authorisation codes
// (single use under a race), retained records, and the users-table changes (phone change, erasure cascade).
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, createTestDatabase, type TestDatabase } from '../../../test/support/test-databases.js';
import { testSecretKeys } from '../../../test/support/secrets.js';
import { createPhoneProtection } from '../services/phone-protection.js';
import { createAuthorizationCodesRepository, type AuthorizationCodesRepository } from './authorization-codes-repository.js';
import { connectDatabase, type DatabaseHandle } from '../../db/connect.js';
import { createConsentsRepository, type ConsentsRepository } from './consents-repository.js';
import { migrateToLatest } from '../../db/migrate.js';
import { createProfilesRepository, type ProfilesRepository } from './profiles-repository.js';
import { createRetainedRecordsRepository, type RetainedRecordsRepository } from './retained-records-repository.js';
import { createSessionsRepository, type SessionsRepository } from './sessions-repository.js';
import { createUsersRepository, type UsersRepository } from './users-repository.js';

describe.each(ENGINES)('account repositories on %s', (engine) => {
  let testDb: TestDatabase;
  let handle: DatabaseHandle;
  let users: UsersRepository;
  let sessions: SessionsRepository;
  let profiles: ProfilesRepository;
  let consents: ConsentsRepository;
  let codes: AuthorizationCodesRepository;
  let retained: RetainedRecordsRepository;
  let phoneCounter = 0;
  const phone = () => `137${String(++phoneCounter).padStart(8, '0')}`;

  beforeAll(async () => {
    testDb = await createTestDatabase(engine);
    handle = connectDatabase(testDb.database);
    await migrateToLatest(handle.db);
    users = createUsersRepository(handle.db, createPhoneProtection(testSecretKeys()));
    sessions = createSessionsRepository(handle.db);
    profiles = createProfilesRepository(handle.db);
    consents = createConsentsRepository(handle.db);
    codes = createAuthorizationCodesRepository(handle.db);
    retained = createRetainedRecordsRepository(handle.db);
  });
  afterAll(async () => {
    await handle?.close();
    await testDb?.drop();
  });

  it('creates one profile per user with a unique invite code, inside a transaction too', async () => {
    const a = await users.create({ phone: phone(), now: 1 });
    const b = await users.create({ phone: phone(), now: 1 });
    expect(await profiles.tryCreate({ userId: a.id, inviteCode: 'AAAA0000', invitedBy: null, now: 2 })).toBe(true);
    expect(await profiles.tryCreate({ userId: a.id, inviteCode: 'AAAA0001', invitedBy: null, now: 2 })).toBe(false);
    await handle.db.transaction().execute(async (trx) => {
      // A taken code does not abort the transaction (PostgreSQL would, without ON CONFLICT).
      expect(await profiles.tryCreate({ userId: b.id, inviteCode: 'AAAA0000', invitedBy: a.id, now: 3 }, trx)).toBe(false);
      expect(await profiles.tryCreate({ userId: b.id, inviteCode: 'AAAA0002', invitedBy: a.id, now: 3 }, trx)).toBe(true);
    });
    expect(await profiles.findByInviteCode('AAAA0002')).toEqual({ userId: b.id, inviteCode: 'AAAA0002', invitedBy: a.id, createdAt: 3 });
    expect(await profiles.findByUserId(a.id)).toMatchObject({ inviteCode: 'AAAA0000' });
  });

  it('records consents; the latest acceptance and the history', async () => {
    const u = await users.create({ phone: phone(), now: 1 });
    expect((await consents.facts(u.id, 'v1~a1')).latest).toBeUndefined();
    await consents.record({ userId: u.id, version: 'v1~a1', decision: 'accepted', now: 10 });
    await consents.record({ userId: u.id, version: 'v2~a1', decision: 'declined', now: 20 });
    await consents.record({ userId: u.id, version: 'v2~a1', decision: 'accepted', now: 30 });
    expect((await consents.facts(u.id, 'v1~a1')).latest).toEqual({ version: 'v2~a1', decision: 'accepted', decidedAt: 30 });
    expect((await consents.facts(u.id, 'v1~a1')).accepted).toBe(true);
    expect((await consents.facts(u.id, 'v3~a1')).accepted).toBe(false);
    expect((await consents.history(u.id)).map((c) => c.decision)).toEqual(['accepted', 'declined', 'accepted']);
  });

  it('marks an authorisation code used once, even when two redemptions race', async () => {
    const u = await users.create({ phone: phone(), now: 1 });
    const created = await codes.create({ codeHash: 'a'.repeat(64), userId: u.id, mintedBy: null, now: 100, ttlMs: 120_000 });
    expect(created).toEqual({ userId: u.id, createdAt: 100, expiresAt: 120_100, usedAt: null, sessionId: null, mintedBy: null });
    const results = await Promise.all([codes.markUsed('a'.repeat(64), 's1', 200), codes.markUsed('a'.repeat(64), 's2', 201)]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect((await codes.findByHash('a'.repeat(64)))?.usedAt).not.toBeNull();
    expect(await codes.findByHash('b'.repeat(64))).toBeUndefined();
  });

  it('changes a phone, refuses a taken one, and erases a user with everything hanging off it', async () => {
    const inviter = await users.create({ phone: phone(), now: 1 });
    const invitee = await users.create({ phone: phone(), now: 1 });
    const moved = phone();
    await users.updatePhone(inviter.id, moved, 5);
    expect((await users.findByPhone(moved))?.id).toBe(inviter.id);
    await expect(users.updatePhone(invitee.id, moved, 6)).rejects.toThrow();

    await profiles.tryCreate({ userId: inviter.id, inviteCode: 'BBBB0000', invitedBy: null, now: 2 });
    await profiles.tryCreate({ userId: invitee.id, inviteCode: 'BBBB0001', invitedBy: inviter.id, now: 2 });
    await consents.record({ userId: inviter.id, version: 'v1~a1', decision: 'accepted', now: 2 });
    await sessions.create({ userId: inviter.id, tokenHash: 'c'.repeat(64), now: 2, ttlMs: 1000 });
    await codes.create({ codeHash: 'd'.repeat(64), userId: inviter.id, mintedBy: null, now: 2, ttlMs: 1000 });

    expect(await users.delete(inviter.id)).toBe(true);
    expect(await users.delete(inviter.id)).toBe(false);
    for (const table of ['sessions', 'user_profiles', 'consents', 'authorization_codes'] as const) {
      const rows = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)} where user_id = ${inviter.id}`.execute(handle.db);
      expect(Number(rows.rows[0]?.n), table).toBe(0);
    }
    expect((await profiles.findByUserId(invitee.id))?.invitedBy).toBeNull();
  });

  it('keeps retained records bound to their id and purges them after their retention date', async () => {
    const kept = await retained.create({
      subjectHash: 'e'.repeat(64),
      kind: 'deregistered-account',
      encrypt: (id) => `sealed:${id}`,
      now: 1_000,
      retainUntil: 5_000,
    });
    expect(kept.payloadEnc).toBe(`sealed:${kept.id}`);
    await retained.create({ subjectHash: 'e'.repeat(64), kind: 'deregistered-account', encrypt: () => 'x', now: 2_000, retainUntil: 9_000 });
    expect((await retained.findBySubjectHash('e'.repeat(64))).map((r) => r.retainUntil)).toEqual([5_000, 9_000]);
    expect(await retained.purgeExpired(5_000)).toBe(1);
    expect((await retained.findBySubjectHash('e'.repeat(64))).map((r) => r.retainUntil)).toEqual([9_000]);
  });
});
