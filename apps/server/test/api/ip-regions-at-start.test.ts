// The region database (ip2region's 8.7 MB IPv4 file, account/services/ip-regions.ts) is read while the app
// starts, before it listens, and never inside a request: a synchronous read of that size in the first
// request that needs a region would hold every request in flight behind it (docs/operations.md "Health and
// shutdown": readiness). Watched at the file system: the reads of the database file while the app is built,
// then none while a session is used from a public address whose region the devices list then shows.
import fs from 'node:fs';
import { loginDevices } from '@tyd/protocol';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSession, createUser } from '../support/factories.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const readsOfDatabase = (reads: { mock: { calls: unknown[][] } }) => reads.mock.calls.filter(([path]) => String(path).endsWith('ip2region.db')).length;

describe('the region database', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    vi.restoreAllMocks();
    await t?.close();
  });

  it('is read while the app starts, and not in the first request that needs a region', async () => {
    const reads = vi.spyOn(fs, 'readFileSync');
    t = await startTestApp({ env: { TRUST_PROXY: '1' } });
    expect(readsOfDatabase(reads)).toBe(1);
    reads.mockClear();

    const user = await createUser(t.app.accounts.repos);
    const { accessToken } = await createSession(t.app.accounts.repos, user);
    const client = await t.client();
    const prepared = await client.prepare(loginDevices, {}, { accessToken });
    const answer = await client.send({ ...prepared, headers: { ...prepared.headers, 'x-forwarded-for': '120.24.78.68' } });
    expect(answer.response?.code).toBe('200');
    const devices = (answer.response?.data as { devices: Array<{ region: string; address: string }> }).devices;
    expect(devices[0]).toMatchObject({ region: '广东省深圳市', address: '120.24.*.*' });
    expect(readsOfDatabase(reads)).toBe(0);
  });
});
