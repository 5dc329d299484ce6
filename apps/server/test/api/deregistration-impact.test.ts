// deregistration-impact through the real envelope (docs/api.md "Personal information"; PIPL art. 47): what the
// session's own account would lose, counted as the person would see it: points still in unexpired lots
// (an expired lot not yet written off is not counted), vouchers not yet expired, bound cards, questions
// without an answer, a verified identity. Another account's holdings never reach the answer, and no payload
// can name an account.
import { randomBytes } from 'node:crypto';
import { SUBCODE, askQuestion, deregistrationImpact } from '@tyd/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testClock, type TestClock } from '../support/accounts.js';
import type { ApiClient } from '../support/api-client.js';
import { createSession, createUser, insertBoundCard, insertVerifiedIdentity } from '../support/factories.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { ENGINES } from '../support/test-databases.js';

const DAY = 86_400_000;
const NOTHING = { pointsBalance: 0, usableVouchers: 0, bankCards: 0, openQuestions: 0, identityVerified: false };

describe.each(ENGINES)('deregistration-impact on %s', (engine) => {
  let t: TestApp;
  let clock: TestClock;
  beforeAll(async () => {
    clock = testClock();
    t = await startTestApp({ engine, clock, env: { API_RATE_PER_ADDRESS_PER_MINUTE: '100000' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  const key = () => randomBytes(12).toString('base64url');

  async function member(): Promise<{ client: ApiClient; userId: string }> {
    const user = await createUser(t.app.accounts.repos, { now: clock() });
    const client = await t.client();
    client.accessToken = (await createSession(t.app.accounts.repos, user, { now: clock() })).accessToken;
    return { client, userId: user.id };
  }

  async function credit(userId: string, amount: number, at: number): Promise<void> {
    await t.app.database.db.transaction().execute((trx) => t.app.rewards.ledger.credit({ userId, amount, reason: 'operator-grant', key: key(), now: at }, trx));
  }

  async function voucher(userId: string, grantedAt: number): Promise<void> {
    await t.app.database.db
      .transaction()
      .execute((trx) => t.app.rewards.voucherGrants.grant({ userId, itemId: 'coupon-repay-10', source: 'redeem-code', key: key(), now: grantedAt }, trx));
  }

  async function impact(client: ApiClient) {
    const answer = (await client.call(deregistrationImpact, {})).response;
    expect(answer?.code, JSON.stringify(answer)).toBe('200');
    return answer!.data!;
  }

  it('counts what this account would lose, as the person sees it, and nothing of another account', async () => {
    const a = await member();
    const b = await member();
    // 450 points to spend; 100 more from a lot that ran out a day ago and is not yet written off (the daily
    // write-off and the owner's next look do that), which the balance row still holds.
    await credit(a.userId, 100, clock() - 366 * DAY);
    await credit(a.userId, 450, clock());
    expect(await t.app.rewards.points.balance(a.userId)).toBe(550);
    // Three vouchers to use, one expired (30 days valid).
    for (const daysAgo of [0, 1, 29]) await voucher(a.userId, clock() - daysAgo * DAY);
    await voucher(a.userId, clock() - 31 * DAY);
    await insertBoundCard(t.app.database.db, t.secrets, a.userId, { now: clock() });
    await insertVerifiedIdentity(t.app.database.db, t.secrets, a.userId, { now: clock() });
    // Two questions, one answered by an operator.
    const asked = [];
    for (const text of ['提前还款怎么操作？', '如何修改绑定的手机号？']) {
      const answer = (await a.client.call(askQuestion, { text, idempotencyKey: key() })).response;
      expect(answer?.code, JSON.stringify(answer)).toBe('200');
      asked.push(answer!.data!.question.id);
    }
    await t.app.help.questions.answer(asked[0]!, '在借款详情页点“提前还款”。', 'ops.test', clock());

    // The other account holds little of its own.
    await credit(b.userId, 20, clock());
    await voucher(b.userId, clock());

    expect(await impact(a.client)).toEqual({ pointsBalance: 450, usableVouchers: 3, bankCards: 1, openQuestions: 1, identityVerified: true });
    expect(await impact(b.client)).toEqual({ ...NOTHING, pointsBalance: 20, usableVouchers: 1 });
    // Asking changes nothing: the expired lot is still there to be written off by the ledger.
    expect(await t.app.rewards.points.balance(a.userId)).toBe(550);
  });

  it('answers all zero for an account that holds nothing', async () => {
    const { client } = await member();
    expect(await impact(client)).toEqual(NOTHING);
  });

  it('takes no account in the payload, and needs a session', async () => {
    const a = await member();
    const b = await member();
    await credit(a.userId, 450, clock());
    expect((await b.client.call(deregistrationImpact, { userId: a.userId } as never, { raw: true })).response).toMatchObject({
      code: '400',
      subcode: SUBCODE.BAD_PAYLOAD,
    });
    expect(await impact(b.client)).toEqual(NOTHING);
    const anonymous = await t.client();
    expect((await anonymous.call(deregistrationImpact, {})).response).toMatchObject({ code: '401' });
  });
});
