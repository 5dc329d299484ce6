// The telemetry repositories on both engines: deep links, answer counts (added up, also concurrently),
// analytics records (stored once per id under concurrency, pruned by receive time).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedRecord as row } from '../../../test/support/telemetry-records.js';
import { ENGINES, createTestDatabase, type TestDatabase } from '../../../test/support/test-databases.js';
import { createAnswerCountsRepository, type AnswerCountsRepository } from './answer-counts-repository.js';
import { connectDatabase, type DatabaseHandle } from '../../db/connect.js';
import { createDeepLinksRepository, type DeepLinksRepository } from './deep-links-repository.js';
import { migrateToLatest } from '../../db/migrate.js';
import { createTelemetryRecordsRepository, type TelemetryRecordsRepository } from './telemetry-records-repository.js';

describe.each(ENGINES)('telemetry repositories on %s', (engine) => {
  let testDb: TestDatabase;
  let handle: DatabaseHandle;
  let deepLinks: DeepLinksRepository;
  let answers: AnswerCountsRepository;
  let records: TelemetryRecordsRepository;

  beforeAll(async () => {
    testDb = await createTestDatabase(engine);
    handle = connectDatabase(testDb.database);
    expect(await migrateToLatest(handle.db)).toContain('2026-11-21-1900-telemetry');
    deepLinks = createDeepLinksRepository(handle.db);
    answers = createAnswerCountsRepository(handle.db);
    records = createTelemetryRecordsRepository(handle.db);
  });
  afterAll(async () => {
    await handle?.close();
    await testDb?.drop();
  });

  it('sets, replaces, lists and deletes deep links per project, system type and key', async () => {
    const id = { project: 'production', systemType: 'ios', key: 'k1' };
    expect(await deepLinks.set(id, { path: '/a' }, 10)).toEqual({ ...id, params: { path: '/a' }, createdAt: 10, updatedAt: 10 });
    expect(await deepLinks.set(id, { path: '/b', n: [1, { x: null }] }, 20)).toEqual({
      ...id,
      params: { path: '/b', n: [1, { x: null }] },
      createdAt: 10,
      updatedAt: 20,
    });
    await deepLinks.set({ ...id, systemType: 'android' }, { path: '/c' }, 30);
    await deepLinks.set({ ...id, project: 'staging' }, { path: '/d' }, 30);
    expect((await deepLinks.list({ project: 'production' })).map((e) => e.systemType)).toEqual(['android', 'ios']);
    expect((await deepLinks.list({ systemType: 'ios' })).map((e) => e.project)).toEqual(['production', 'staging']);
    expect(await deepLinks.delete(id)).toBe(true);
    expect(await deepLinks.delete(id)).toBe(false);
    expect(await deepLinks.get(id)).toBeUndefined();
    expect(await deepLinks.get({ ...id, systemType: 'android' })).toMatchObject({ params: { path: '/c' } });
  });

  it('adds answer counts to what is stored, also from concurrent writers', async () => {
    const key = { hourStart: 3_600_000, path: '/tydApi/v1/user/check-login', code: '401', subcode: '' };
    await Promise.all(
      Array.from({ length: 8 }, () =>
        answers.add([
          { ...key, count: 5 },
          { ...key, subcode: '4011', count: 1 },
        ]),
      ),
    );
    const stored = await answers.between(0, 7_200_000);
    expect(stored.sort((a, b) => a.subcode.localeCompare(b.subcode))).toEqual([
      { ...key, count: 40 },
      { ...key, subcode: '4011', count: 8 },
    ]);
    expect(await answers.between(7_200_000, 10_800_000)).toEqual([]);
    expect(await answers.pruneBefore(7_200_000)).toBe(2);
  });

  it('stores a record once whatever the number of concurrent copies, and prunes by receive time', async () => {
    const now = Date.now();
    const batch = Array.from({ length: 50 }, () => row(now));
    const inserted = await Promise.all(Array.from({ length: 5 }, () => records.insertNew(batch)));
    expect(inserted.reduce((a, b) => a + b, 0)).toBe(50);
    const old = row(now - 10_000);
    expect(await records.insertNew([old])).toBe(1);
    expect(await records.count()).toBe(51);
    expect(await records.pruneReceivedBefore(now - 5_000)).toBe(1);
    expect(await records.findById(old.id)).toBeUndefined();
    expect(await records.count()).toBe(50);
  });
});
