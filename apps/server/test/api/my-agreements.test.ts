// my-agreements over real HTTP through the real envelope (SQLite only: a read of one user's consent records;
// the records themselves are written by login and renewal, tested on both engines in accounts.test.ts).
import { CODE, myAgreements } from '@tyd/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGREEMENT_VERSION, testClock, type TestClock } from '../support/accounts.js';
import { createSession, createUser } from '../support/factories.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { SQLITE_ONLY } from '../support/test-databases.js';

describe.each(SQLITE_ONLY)('my-agreements on %s', (engine) => {
  let t: TestApp;
  let clock: TestClock;
  beforeAll(async () => {
    clock = testClock(1_764_000_000_000);
    // The privacy policy has moved on to a new version since the first consent below.
    t = await startTestApp({ engine, clock, env: { PRIVACY_POLICY_VERSION: '2026-12-01' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function clientOf(userId: string) {
    const client = await t.client();
    client.accessToken = (await createSession(t.app.accounts.repos, { id: userId })).accessToken;
    return client;
  }

  it('names each document with the version the person agreed to and when they first did; a refusal changes nothing', async () => {
    const user = await createUser(t.app.accounts.repos);
    const { consents } = t.app.accounts.repos;
    await consents.record({ userId: user.id, version: AGREEMENT_VERSION, decision: 'accepted', now: 1_764_000_000_000 });
    // A returning login records nothing new for the same version; a refusal of the new one is kept apart.
    await consents.record({ userId: user.id, version: '2026-12-01~2026-11-01', decision: 'declined', now: 1_764_100_000_000 });
    const client = await clientOf(user.id);
    const before = await client.call(myAgreements, {});
    expect(before.response).toEqual({
      code: '200',
      msg: '成功',
      data: {
        items: [
          {
            kind: 'privacy',
            title: '隐私政策',
            url: expect.any(String),
            currentVersion: '2026-12-01',
            agreedVersion: '2026-11-01',
            agreedAt: 1_764_000_000_000,
          },
          {
            kind: 'agreement',
            title: '用户服务协议',
            url: expect.any(String),
            currentVersion: '2026-11-01',
            agreedVersion: '2026-11-01',
            agreedAt: 1_764_000_000_000,
          },
        ],
      },
    });

    // Agreeing to the new privacy policy moves its version and date; the service agreement keeps its first date.
    await consents.record({ userId: user.id, version: '2026-12-01~2026-11-01', decision: 'accepted', now: 1_764_200_000_000 });
    const after = (await client.call(myAgreements, {})).response?.data?.items;
    expect(after?.map(({ kind, agreedVersion, agreedAt }) => ({ kind, agreedVersion, agreedAt }))).toEqual([
      { kind: 'privacy', agreedVersion: '2026-12-01', agreedAt: 1_764_200_000_000 },
      { kind: 'agreement', agreedVersion: '2026-11-01', agreedAt: 1_764_000_000_000 },
    ]);
  });

  it('a person who never agreed: both null; without a session 401; any field refused (400/4009)', async () => {
    const user = await createUser(t.app.accounts.repos);
    const client = await clientOf(user.id);
    const items = (await client.call(myAgreements, {})).response?.data?.items;
    expect(items?.map(({ agreedVersion, agreedAt }) => [agreedVersion, agreedAt])).toEqual([
      [null, null],
      [null, null],
    ]);
    expect((await (await t.client()).call(myAgreements, {})).response?.code).toBe(CODE.UNAUTHORIZED);
    expect((await client.call(myAgreements, { userId: 'someone-else' }, { raw: true })).response).toMatchObject({ code: '400', subcode: '4009' });
  });
});
