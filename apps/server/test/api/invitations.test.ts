// Invitations (docs/api.md "Invitations") over real HTTP and the real envelope, on both engines: an
// account registered with an invite code earns its inviter the reward once both are verified people and
// not the same person — through the real face verification, in either order — once per real person
// (a second account of the same person earns nothing, also under parallel verifications), never for a
// self-invitation; my-invitees masks phones and pages; bad input gets a coded answer.
import { randomInt } from 'node:crypto';
import {
  CODE,
  SUBCODE,
  type ApiResponse,
  type Endpoint,
  type EndpointResponseData,
  inviteCode,
  h5FaceUrl,
  h5FaceVerify,
  myInvitees,
  pointsLedger,
  messageList,
} from '@tyd/protocol';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createIdentityCipher } from '../../src/identity/services/identity-cipher.js';
import type { ApiClient, EndpointPayload, PayloadArg } from '../support/api-client.js';
import { signUp, testClock, type TestClock } from '../support/accounts.js';
import { createSession, createUser, uniquePhone } from '../support/factories.js';
import { ENGINES, itSqliteOnly } from '../support/test-databases.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const DAY = 86_400_000;
const REWARD = 30;
/** Distinct per person; sequence 123 (never the sandbox's 990-993, which fail the face check: docs/sandbox.md). */
const personId = () => `110101${String(randomInt(0, 100_000_000)).padStart(8, '0')}123X`;

// PostgreSQL runs the paying journey, once per real person, the parallel verifications and the paging; the
// checks of one request at a time (itSqliteOnly) run on SQLite only (docs/operations.md "Test suite").
describe.each(ENGINES)('invitations on %s', (engine) => {
  let t: TestApp;
  let clock: TestClock;
  beforeAll(async () => {
    clock = testClock();
    t = await startTestApp({
      engine,
      clock,
      env: {
        INVITE_REWARD_POINTS: String(REWARD),
        HUMAN_CHECK_IP_PER_HOUR: '100000',
        HUMAN_CHECK_SERVICE_PER_MINUTE: '1000000',
        SMS_HOURLY_CAP_PER_IP: '100000',
      },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  interface Member {
    userId: string;
    client: ApiClient;
    phone: string;
  }
  const call = async <E extends Endpoint>(m: Member, endpoint: E, ...[payload]: PayloadArg<E>): Promise<ApiResponse<EndpointResponseData<E>>> =>
    (await m.client.call(endpoint, (payload ?? {}) as EndpointPayload<E>)).response!;

  /** An account made directly (no inviter), with a session on its own client. */
  async function member(): Promise<Member> {
    const phone = uniquePhone();
    const user = await createUser(t.app.accounts.repos, { phone, now: clock() });
    const client = await t.client();
    client.accessToken = (await createSession(t.app.accounts.repos, user, { now: clock(), ttlMs: 30 * DAY })).accessToken;
    return { userId: user.id, client, phone };
  }
  /** Registers through SMS login with the inviter's code, as an invited friend does. */
  async function invitedBy(inviter: Member): Promise<Member> {
    const code = (await call(inviter, inviteCode)).data as { inviteCode: string };
    const client = await t.client();
    const phone = uniquePhone();
    const login = await signUp(client, t.baseUrl, phone, { inviteCode: code.inviteCode });
    expect(login.response?.code, JSON.stringify(login.response)).toBe('200');
    const user = await t.app.accounts.repos.users.findByPhone(phone);
    return { userId: user!.id, client, phone };
  }
  /** The identity confirmed (as certification leaves it), then the real face check: h5-face-url, the sandbox page, h5-face-verify. */
  async function verify(m: Member, idNumber = personId()): Promise<ApiResponse> {
    const cipher = createIdentityCipher(t.secrets);
    await t.app.database.db
      .insertInto('identities')
      .values({
        user_id: m.userId,
        state: 'identity-confirmed',
        portrait_enc: null,
        emblem_enc: null,
        identity_enc: cipher.encrypt('identity_enc', m.userId, {
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
        confirmed_at: clock(),
        verified_at: null,
        created_at: clock(),
        updated_at: clock(),
      })
      .execute();
    const started = await call(m, h5FaceUrl);
    expect(started.code, JSON.stringify(started)).toBe('200');
    const session = new URL((started.data as { url: string }).url, t.baseUrl).searchParams.get('session');
    expect((await fetch(`${t.baseUrl}/sandbox/face/complete?session=${session}`, { method: 'POST' })).status).toBe(200);
    return call(m, h5FaceVerify);
  }
  /** Frees a person for another account: deregistration ends the first account (its identity goes with it). */
  const deregister = (m: Member) => t.app.accounts.repos.users.delete(m.userId);
  const balance = (m: Member) => t.app.rewards.points.balance(m.userId);
  const invitees = async (m: Member, cursor?: string) => {
    const answer = await call(m, myInvitees, cursor ? { cursor } : {});
    expect(answer.code, JSON.stringify(answer)).toBe('200');
    return answer.data as {
      inviteCode: string;
      rewardPoints: number;
      rewarded: number;
      pointsEarned: number;
      verified: boolean;
      items: Array<{ phone: string; state: string; registeredAt: number }>;
      nextCursor: string | null;
    };
  };

  it('pays the inviter once the invitee is verified, with a message, and shows the invitee masked and rewarded', async () => {
    const inviter = await member();
    await verify(inviter);
    const friend = await invitedBy(inviter);
    let list = await invitees(inviter);
    expect(list).toMatchObject({ rewardPoints: REWARD, rewarded: 0, pointsEarned: 0, verified: true, nextCursor: null });
    expect(list.items).toEqual([{ phone: `${friend.phone.slice(0, 3)}****${friend.phone.slice(7)}`, state: 'registered', registeredAt: expect.any(Number) }]);
    expect(JSON.stringify(list)).not.toContain(friend.phone);

    expect((await verify(friend)).data).toMatchObject({ state: 'verified' });
    expect(await balance(inviter)).toBe(REWARD);
    expect(await balance(friend)).toBe(0);
    list = await invitees(inviter);
    expect(list).toMatchObject({ rewarded: 1, pointsEarned: REWARD });
    expect(list.items[0]?.state).toBe('rewarded');
    const ledger = (await call(inviter, pointsLedger)).data as { items: Array<{ reason: string; amount: number }> };
    expect(ledger.items).toEqual([expect.objectContaining({ reason: 'invite-reward', amount: REWARD })]);
    const messages = (await call(inviter, messageList)).data as { items: Array<{ kind: string; title: string; link: string | null }> };
    expect(messages.items).toContainEqual(expect.objectContaining({ kind: 'rewards', title: '邀请奖励已到账', link: '/activity/points' }));
    // A repeated h5-face-verify (the user returns again) pays nothing more.
    expect((await call(friend, h5FaceVerify)).data).toMatchObject({ state: 'verified' });
    expect(await balance(inviter)).toBe(REWARD);
  });

  it('a payment that fails is not lost: the verification stands, the reward is retried with back-off and paid once, with its message', async () => {
    const inviter = await member();
    await verify(inviter);
    const friend = await invitedBy(inviter);
    // The ledger refuses three times (a database hiccup), as a failed payment did once and was never retried.
    const credit = vi.spyOn(t.app.rewards.ledger, 'credit');
    for (let i = 0; i < 3; i += 1) credit.mockRejectedValueOnce(new Error('ledger unavailable'));
    try {
      expect((await verify(friend)).data).toMatchObject({ state: 'verified' });
      expect(await balance(inviter)).toBe(0);
      expect(await t.app.outbox.backlog()).toMatchObject({ depth: 1, failing: 1 });
      for (const wait of [5_000, 10_000, 20_000]) {
        clock.advance(wait);
        await t.app.outbox.drain();
      }
    } finally {
      credit.mockRestore();
    }
    expect(await balance(inviter)).toBe(REWARD);
    expect(await t.app.outbox.backlog()).toEqual({ depth: 0, failing: 0, oldestAt: null, dead: 0 });
    const messages = (await call(inviter, messageList)).data as { items: Array<{ title: string }> };
    expect(messages.items.filter((m) => m.title === '邀请奖励已到账')).toHaveLength(1);
    // Delivered once: a later pass, or the invitee's repeated return, pays nothing more.
    clock.advance(3_600_000);
    await t.app.outbox.drain();
    expect((await call(friend, h5FaceVerify)).data).toMatchObject({ state: 'verified' });
    expect(await balance(inviter)).toBe(REWARD);
  });

  it('pays the inviter once although the invitee deregistered before the reward was delivered: what is owed is the inviter’s', async () => {
    const inviter = await member();
    await verify(inviter);
    const friend = await invitedBy(inviter);
    // The ledger refuses until the invitee has gone: no delivery of the reward goes through before that.
    const credit = vi.spyOn(t.app.rewards.ledger, 'credit').mockRejectedValue(new Error('ledger unavailable'));
    try {
      expect((await verify(friend)).data).toMatchObject({ state: 'verified' });
      expect(await balance(inviter)).toBe(0);
      expect(await deregister(friend)).toBe(true);
    } finally {
      credit.mockRestore();
    }
    for (const wait of [5_000, 10_000]) {
      clock.advance(wait);
      await t.app.outbox.drain();
    }
    expect(await balance(inviter)).toBe(REWARD);
    const messages = (await call(inviter, messageList)).data as { items: Array<{ title: string }> };
    expect(messages.items.filter((m) => m.title === '邀请奖励已到账')).toHaveLength(1);
    // Exactly once: later passes pay nothing more, and the reward names the invitee that is gone.
    clock.advance(3_600_000);
    await t.app.outbox.drain();
    expect(await balance(inviter)).toBe(REWARD);
    const rewards = await t.app.database.db.selectFrom('invite_rewards').select(['invitee_id', 'points']).where('inviter_id', '=', inviter.userId).execute();
    expect(rewards).toEqual([{ invitee_id: friend.userId, points: REWARD }]);
    expect(await t.app.outbox.backlog()).toMatchObject({ depth: 0, dead: 0 });
  });

  itSqliteOnly(engine)('waits for an unverified inviter: paid when the inviter is verified later, and shown as verified meanwhile', async () => {
    const inviter = await member();
    const friend = await invitedBy(inviter);
    await verify(friend);
    expect(await balance(inviter)).toBe(0);
    expect((await invitees(inviter)).items[0]?.state).toBe('verified');
    expect((await invitees(inviter)).verified).toBe(false);
    await verify(inviter);
    expect(await balance(inviter)).toBe(REWARD);
    expect((await invitees(inviter)).items[0]?.state).toBe('rewarded');
  });

  itSqliteOnly(engine)('never pays a self-invitation: an account invited by another account of the same person earns nothing', async () => {
    // The person opens account A, invites account B of their own and verifies B; later, B deregistered,
    // A is verified as the same person. (Both ends verified as one person at once cannot happen: one
    // identity per account; the service's same-person check is covered in services/invitations.test.ts.)
    const person = personId();
    const a = await member();
    const b = await invitedBy(a);
    await verify(b, person);
    expect(await balance(a)).toBe(0);
    await deregister(b);
    expect((await verify(a, person)).data).toMatchObject({ state: 'verified' });
    expect(await balance(a)).toBe(0);
    expect((await invitees(a)).items).toEqual([]);
  });

  it('pays once per real person: the same person on a second account, invited by someone else, earns nothing', async () => {
    const person = personId();
    const first = await member();
    await verify(first);
    const friend = await invitedBy(first);
    await verify(friend, person);
    expect(await balance(first)).toBe(REWARD);
    await deregister(friend);
    const second = await member();
    await verify(second);
    const again = await invitedBy(second);
    expect((await verify(again, person)).data).toMatchObject({ state: 'verified' });
    expect(await balance(second)).toBe(0);
    expect(await balance(first)).toBe(REWARD);
  });

  it('pays exactly once when inviter and invitee are verified at the same time, and under parallel repeated verifications', async () => {
    for (let round = 0; round < 3; round += 1) {
      const inviter = await member();
      const friend = await invitedBy(inviter);
      await Promise.all([verify(inviter), verify(friend)]);
      await Promise.all(Array.from({ length: 5 }, () => t.app.rewards.invitations.onVerified(friend.userId, clock())));
      await Promise.all(Array.from({ length: 5 }, () => t.app.rewards.invitations.onVerified(inviter.userId, clock())));
      expect(await balance(inviter)).toBe(REWARD);
      const rows = await t.app.database.db.selectFrom('invite_rewards').selectAll().where('inviter_id', '=', inviter.userId).execute();
      expect(rows).toHaveLength(1);
    }
  });

  it('pages the invitees newest first without duplicates or gaps', async () => {
    const inviter = await member();
    const made: string[] = [];
    for (let i = 0; i < 22; i += 1) {
      made.push((await invitedBy(inviter)).phone);
      clock.advance(1000);
    }
    const first = await invitees(inviter);
    expect(first.items).toHaveLength(20);
    expect(first.nextCursor).not.toBeNull();
    const second = await invitees(inviter, first.nextCursor!);
    expect(second.items).toHaveLength(2);
    expect(second.nextCursor).toBeNull();
    const masked = made.map((phone) => `${phone.slice(0, 3)}****${phone.slice(7)}`).reverse();
    expect([...first.items, ...second.items].map((item) => item.phone)).toEqual(masked);
  });

  itSqliteOnly(engine)('refuses bad input with a coded answer: a forged cursor, wrong types, unknown fields, no session', async () => {
    const m = await member();
    expect(await call(m, myInvitees, { cursor: 'bm90LWEtY3Vyc29y' })).toMatchObject({ code: CODE.BAD_REQUEST, subcode: SUBCODE.LIST_CURSOR_INVALID });
    expect((await m.client.call(myInvitees, { cursor: 42 }, { raw: true })).response).toMatchObject({ code: CODE.BAD_REQUEST, subcode: SUBCODE.BAD_PAYLOAD });
    expect(await call(m, myInvitees, { cursor: 'x'.repeat(500) })).toMatchObject({ code: CODE.BAD_REQUEST, subcode: SUBCODE.LIST_CURSOR_INVALID });
    expect((await m.client.call(myInvitees, { inviterId: m.userId }, { raw: true })).response).toMatchObject({
      code: CODE.BAD_REQUEST,
      subcode: SUBCODE.BAD_PAYLOAD,
    });
    const stranger = await t.client();
    expect((await stranger.call(myInvitees, {})).response).toMatchObject({ code: CODE.UNAUTHORIZED });
  });
});
