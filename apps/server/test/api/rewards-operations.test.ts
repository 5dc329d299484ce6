// Operators' rewards changes (docs/operations.md "Vouchers and redeem codes", docs/api.md "Rewards
// operations"): the admin command in-process (runAdmin) against the database and keys of a running test
// server, and the /ops rewards API behind an operator's session (SQLite only: the same services run on both engines in
// exchange.test.ts and redeem-codes.test.ts). What they set is what users
// get, every change is kept with the signed-in operator's name, and calls without a session and bad input are refused.
import { randomBytes } from 'node:crypto';
import {
  CODE,
  OPS_CSRF_HEADER,
  OPS_PATH,
  OPS_REWARDS_PATH,
  SUBCODE,
  opsRewardsChangeItem,
  opsRewardsChangePrize,
  opsRewardsCreateBatch,
  opsRewardsReplaceGift,
  opsRewardsRevokeBatch,
  opsRewardsSummary,
  parseOpsResponseData,
  type ApiResponse,
  type OpsEndpoint,
  type OpsResponseData,
  exchangeInfo,
  opsUrl,
  redeemCode,
} from '@tyd/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminOutcome } from '../support/admin-command.js';
import { createSession, createUser } from '../support/factories.js';
import { opsFetch, signedInOperator, type OpsClient } from '../support/operators.js';
import { SQLITE_ONLY } from '../support/test-databases.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const DAY = 86_400_000;
const key = () => randomBytes(16).toString('base64url');
const later = (days: number) => new Date(Date.now() + 8 * 3_600_000 + days * DAY).toISOString().slice(0, 10);

async function member(t: TestApp) {
  const user = await createUser(t.app.accounts.repos);
  const { accessToken } = await createSession(t.app.accounts.repos, user, { now: Date.now(), ttlMs: DAY });
  return { userId: user.id, accessToken };
}

describe('admin rewards: items, redeem batches and the changes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { TRUST_PROXY: '1' } });
  });
  afterAll(async () => {
    await t?.close();
  });
  const admin = (...args: string[]) => adminOutcome(t, ['rewards', ...args]);
  const jsonLines = (text: string) =>
    text
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);

  it('adds and changes an item, kept with the operator; users see it on offer', { timeout: 180_000 }, async () => {
    const added = await admin(
      'item-add',
      'coupon-test-3',
      '--operator',
      '运营-李',
      '--name',
      '3天免息券',
      '--description',
      '借款时抵扣3天利息',
      '--valid-days',
      '15',
    );
    expect(added.code).toBe(0);
    expect(JSON.parse(added.stdout)).toMatchObject({ id: 'coupon-test-3', active: false, pointsCost: null, stock: 0 });
    const changed = await admin('item', 'coupon-test-3', '--operator', '运营-李', '--cost', '150', '--stock', 'unlimited', '--limit', '3', '--active', 'yes');
    expect(changed.code).toBe(0);
    expect(JSON.parse(changed.stdout)).toMatchObject({ pointsCost: 150, stock: null, perUserLimit: 3, active: true, validDays: 15 });
    expect(jsonLines((await admin('items')).stdout).map((item) => item.id)).toContain('coupon-test-3');
    const { accessToken } = await member(t);
    const client = await t.client();
    const info = (await client.call(exchangeInfo, {}, { accessToken })).response?.data as { items: Array<{ id: string; stockLeft: number | null }> };
    expect(info.items.find((item) => item.id === 'coupon-test-3')).toMatchObject({ stockLeft: null });
    const changes = jsonLines((await admin('changes', '--subject', 'item')).stdout);
    expect(changes[0]).toMatchObject({
      subject: 'item',
      subjectId: 'coupon-test-3',
      operator: '运营-李',
      change: { pointsCost: 150, stock: null, perUserLimit: 3, active: true },
    });
    expect(changes[1]).toMatchObject({ subjectId: 'coupon-test-3', operator: '运营-李', change: { added: { name: '3天免息券' } } });

    // Refused: no operator, bad values, unknown options, an unknown item, an id taken.
    for (const args of [
      ['item', 'coupon-test-3', '--cost', '10'],
      ['item', 'coupon-test-3', '--operator', 'x', '--cost', '-5'],
      ['item', 'coupon-test-3', '--operator', 'x', '--cost', '0'],
      ['item', 'coupon-test-3', '--operator', 'x', '--valid-days', '99999'],
      ['item', 'coupon-test-3', '--operator', 'x', '--active', 'maybe'],
      ['item', 'coupon-test-3', '--operator', 'x', '--colour', 'red'],
      ['item', 'coupon-test-3', '--operator', 'x'],
      ['item-add', 'Bad Id', '--operator', 'x', '--name', 'n', '--description', 'd', '--valid-days', '1'],
      ['item-add', 'coupon-test-3', '--operator', 'x', '--name', 'n', '--description', 'd', '--valid-days', '1'],
      ['item-add', 'coupon-test-4', '--operator', 'x', '--name', 'n'],
    ]) {
      expect((await admin(...args)).code, args.join(' ')).toBe(2);
    }
    expect((await admin('item', 'no-such-item', '--operator', 'x', '--cost', '10')).code).toBe(1);
  });

  it('issues a batch printing its codes once; they redeem, the batch shows what was used, revoking stops the rest', { timeout: 180_000 }, async () => {
    const issued = await admin('redeem-batch', '--operator', '运营-王', '--name', '双十一', '--points', '66', '--count', '3', '--expires', later(10));
    expect(issued.code).toBe(0);
    const codes = issued.stdout.trim().split('\n');
    expect(codes).toHaveLength(3);
    expect(codes.every((code) => /^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/.test(code))).toBe(true);
    expect(issued.stderr).toMatch(/3 codes/);
    const { accessToken } = await member(t);
    const client = await t.client();
    expect((await client.call(redeemCode, { code: codes[0]!, idempotencyKey: key() }, { accessToken })).response).toMatchObject({
      code: '200',
      data: { points: 66 },
    });
    const batches = jsonLines((await admin('redeem-batches')).stdout);
    const batch = batches.find((b) => b.name === '双十一')!;
    expect(batch).toMatchObject({ codes: 3, used: 1, createdBy: '运营-王', revokedAt: null, reward: { points: 66, itemId: null } });
    expect(JSON.stringify(batches)).not.toContain(codes[1]!);
    expect((await admin('redeem-revoke', String(batch.id), '--operator', '运营-王')).code).toBe(0);
    expect((await admin('redeem-revoke', String(batch.id), '--operator', '运营-王')).code).toBe(2);
    expect((await client.call(redeemCode, { code: codes[1]!, idempotencyKey: key() }, { accessToken })).response?.subcode).toBe(SUBCODE.REDEEM_CODE_REVOKED);
    const changes = jsonLines((await admin('changes', '--subject', 'redeem-batch')).stdout);
    expect(changes.map((c) => c.change)).toEqual([
      { revoked: true },
      expect.objectContaining({ created: expect.objectContaining({ name: '双十一', points: 66, codes: 3 }) }),
    ]);
    expect(changes.every((c) => c.operator === '运营-王')).toBe(true);
    expect(JSON.stringify(changes)).not.toContain(codes[0]!.slice(0, 9));

    for (const args of [
      ['redeem-batch', '--name', 'x', '--points', '1', '--count', '1', '--expires', later(1)],
      ['redeem-batch', '--operator', 'x', '--name', 'x', '--points', '1', '--item', 'coupon-repay-10', '--count', '1', '--expires', later(1)],
      ['redeem-batch', '--operator', 'x', '--name', 'x', '--points', '1', '--count', '10001', '--expires', later(1)],
      ['redeem-batch', '--operator', 'x', '--name', 'x', '--points', '0', '--count', '1', '--expires', later(1)],
      ['redeem-batch', '--operator', 'x', '--name', 'x', '--points', '100001', '--count', '1', '--expires', later(1)],
      ['redeem-batch', '--operator', 'x', '--name', 'x', '--points', '1', '--count', '1', '--expires', '2020-01-01'],
      ['redeem-batch', '--operator', 'x', '--name', 'x', '--points', '1', '--count', '1', '--expires', '2030-02-30'],
      ['changes', '--subject', 'everything'],
    ]) {
      expect((await admin(...args)).code, args.join(' ')).toBe(2);
    }
    expect((await admin('redeem-batch', '--operator', 'x', '--name', 'x', '--item', 'no-such-item', '--count', '1', '--expires', later(1))).code).toBe(1);
    expect((await admin('redeem-revoke', '00000000-0000-0000-0000-000000000000', '--operator', 'x')).code).toBe(1);
  });
});

describe.each(SQLITE_ONLY)('the /ops rewards API on %s', (engine) => {
  let t: TestApp;
  // Two rewards managers: the first makes every change, the second approves what waits for approval
  // (the odds and the gift; docs/operations.md "Approvals", tested in ops-approvals.test.ts).
  let manager: OpsClient;
  let checker: OpsClient;
  beforeAll(async () => {
    t = await startTestApp({ engine, env: { OPS_APPROVAL_POINTS: '100000000' } });
    manager = await signedInOperator(t, 'rewards_manager');
    checker = await signedInOperator(t, 'rewards_manager');
  });
  afterAll(async () => {
    await t?.close();
  });
  /** A call as the manager (null: no session); a change kept for approval (202) is approved by the checker and answered as it then ran. */
  const ops = async (method: string, path: string, body?: unknown, as: OpsClient | null = manager) => {
    const answer = as
      ? await as.call<Record<string, unknown>>(method, `${OPS_REWARDS_PATH}${path}`, body)
      : await opsFetch<Record<string, unknown>>(t, method, `${OPS_REWARDS_PATH}${path}`, body);
    if (answer.status !== 202) return { status: answer.status, body: answer.body as ApiResponse<Record<string, unknown>> };
    const id = (answer.body.data as { approval: { id: string } }).approval.id;
    const approved = await checker.call<{ result: Record<string, unknown> }>('POST', opsUrl(OPS_PATH.approvalApprove, { id }), {});
    return {
      status: approved.status,
      body: { ...approved.body, data: approved.body.data?.result ?? approved.body.data } as ApiResponse<Record<string, unknown>>,
    };
  };
  /** A '200' answer's data, read through the call's response schema (packages/protocol endpoints/ops/rewards-ops.ts). */
  function conforming<E extends OpsEndpoint>(endpoint: E, answer: { status: number; body: ApiResponse<unknown> }): OpsResponseData<E> {
    expect(answer.status, JSON.stringify(answer.body).slice(0, 200)).toBe(200);
    const parsed = parseOpsResponseData(endpoint, answer.body.data);
    if (!parsed.ok) throw new Error(`${endpoint.method} ${endpoint.path} answered outside its schema: ${parsed.issues.join(', ')}`);
    return parsed.data;
  }
  const summary = async () => conforming(opsRewardsSummary, await ops('GET', ''));

  it('refuses a call without a session (401) and one of another role (403)', async () => {
    expect((await ops('GET', '', undefined, null)).status).toBe(401);
    expect((await ops('POST', '/prizes/thanks', { weight: 1 }, null)).status).toBe(401);
    const editor = await signedInOperator(t, 'content_editor');
    expect((await ops('POST', '/prizes/thanks', { weight: 1 }, editor)).status).toBe(403);
    expect((await ops('GET', '', undefined, editor)).status).toBe(200);
  });

  it('asks for a session however the address is written (percent-encoded, doubled slashes, a query)', async () => {
    const before = await summary();
    const path = OPS_REWARDS_PATH.replace('rewards', '%72ewards');
    for (const address of [
      `${path}/prizes/thanks`,
      `/${OPS_REWARDS_PATH}/prizes/thanks`,
      `${OPS_REWARDS_PATH.toUpperCase()}/prizes/thanks`,
      `${OPS_REWARDS_PATH}/prizes/thanks?x=1`,
    ]) {
      const response = await fetch(`${t.baseUrl}${address}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ weight: 0 }),
      });
      expect([401, 404], address).toContain(response.status);
    }
    expect((await summary()).prizes).toEqual(before.prizes);
  });

  it('shows prizes with odds, items, batches, the gift and the recent changes', async () => {
    const shown = await summary();
    expect(shown.prizes.map((p) => p.id)).toEqual(['points-100', 'points-20', 'points-5', 'thanks']);
    expect(shown.prizes.reduce((sum, p) => sum + Number(p.oddsPercent), 0)).toBeCloseTo(100, 1);
    expect(shown.items.map((i) => i.id)).toEqual(['coupon-interest-free-7', 'coupon-repay-10', 'coupon-rate-off-5']);
    expect(shown.gift).toEqual([
      { points: 100, itemId: null },
      { points: null, itemId: 'coupon-interest-free-7' },
      { points: null, itemId: 'coupon-repay-10' },
    ]);
    expect(shown.changes.length).toBeGreaterThan(0);
  });

  it('changes a prize and an item, each kept with who did it; refuses bad input', async () => {
    const prize = await ops('POST', '/prizes/points-100', { by: '运营-赵', weight: 6, stock: 50 });
    expect(prize.status).toBe(200);
    expect(prize.body.data).toMatchObject({ prize: { id: 'points-100', weight: 6, stock: 50 } });
    const item = await ops('POST', '/items/coupon-repay-10', { by: '运营-赵', pointsCost: 300, perUserLimit: null, stock: 20 });
    expect(item.body.data).toMatchObject({ item: { pointsCost: 300, perUserLimit: null, stock: 20 } });
    // Both waited for the checker (odds and a cost changed): their records name maker and checker, and a cost
    // is kept with the cost it replaced (docs/operations.md "Approvals").
    const approvedBy = `${manager.operator.name}（${checker.operator.name} 批准）`;
    const changes = (await summary()).changes;
    expect(changes.slice(0, 2)).toEqual([
      expect.objectContaining({
        subject: 'item',
        subjectId: 'coupon-repay-10',
        operator: approvedBy,
        change: { pointsCost: 300, perUserLimit: null, stock: 20, pointsCostBefore: 200 },
      }),
      expect.objectContaining({ subject: 'prize', subjectId: 'points-100', operator: approvedBy, change: { weight: 6, stock: 50 } }),
    ]);
    const refused: Array<[string, unknown, number]> = [
      ['/prizes/points-100', { by: 'x'.repeat(65), weight: 1 }, 400],
      ['/prizes/points-100', { by: 'x', weight: -1 }, 400],
      ['/prizes/points-100', { by: 'x', weight: 1.5 }, 400],
      ['/prizes/points-100', { by: 'x', weight: '1' }, 400],
      ['/prizes/points-100', { by: 'x', weight: 1e300 }, 400],
      ['/prizes/points-100', { by: 'x' }, 400],
      ['/prizes/thanks', { by: 'x', stock: 5 }, 400],
      ['/prizes/no-such', { by: 'x', weight: 1 }, 404],
      ['/prizes/..%2F..', { by: 'x', weight: 1 }, 404],
      ['/items/coupon-repay-10', { by: 'x', pointsCost: 0 }, 400],
      ['/items/coupon-repay-10', { by: 'x', stock: -1 }, 400],
      ['/items/coupon-repay-10', { by: 'x', name: '' }, 400],
      ['/items/coupon-repay-10', { by: 'x', name: 'x'.repeat(41) }, 400],
      ['/items/coupon-repay-10', { by: 'x', validDays: 0 }, 400],
      ['/items/coupon-repay-10', { by: 'x', sql: "'; DROP TABLE reward_items; --" }, 400],
      ['/items/no-such', { by: 'x', stock: 1 }, 404],
    ];
    for (const [path, body, status] of refused) {
      const answer = await ops('POST', path, body);
      expect(answer.status, `${path} ${JSON.stringify(body)}`).toBe(status);
      expect(JSON.stringify(answer.body)).not.toMatch(/at .*\.ts|stack/i);
    }
    const badJson = await fetch(`${t.baseUrl}${OPS_REWARDS_PATH}/prizes/points-100`, {
      method: 'POST',
      headers: { cookie: manager.cookie, [OPS_CSRF_HEADER]: manager.csrfToken, 'content-type': 'application/json' },
      body: '{"by":',
    });
    expect(badJson.status).toBe(400);
    expect((await summary()).prizes.find((p) => p.id === 'points-100')).toMatchObject({ weight: 6, stock: 50 });
  });

  it('creates a batch answering its codes once, revokes it, all kept with who', async () => {
    const created = await ops('POST', '/batches', { by: '运营-钱', name: '门店活动', itemId: 'coupon-interest-free-7', count: 4, expires: later(7) });
    expect(created.status).toBe(200);
    const { batch, codes } = created.body.data as { batch: { id: string }; codes: string[] };
    expect(codes).toHaveLength(4);
    const listed = await summary();
    expect(listed.batches.find((b) => b.id === batch.id)).toMatchObject({ codes: 4, used: 0, revokedAt: null });
    expect(JSON.stringify(listed)).not.toContain(codes[0]!);
    const { accessToken } = await member(t);
    const client = await t.client();
    expect((await client.call(redeemCode, { code: codes[0]!, idempotencyKey: key() }, { accessToken })).response).toMatchObject({
      code: '200',
      data: { kind: 'voucher' },
    });
    expect((await summary()).batches.find((b) => b.id === batch.id)?.used).toBe(1);
    expect((await ops('POST', `/batches/${batch.id}/revoke`, { by: '运营-钱' })).status).toBe(200);
    expect((await ops('POST', `/batches/${batch.id}/revoke`, { by: '运营-钱' })).status).toBe(400);
    expect((await client.call(redeemCode, { code: codes[1]!, idempotencyKey: key() }, { accessToken })).response?.subcode).toBe(SUBCODE.REDEEM_CODE_REVOKED);
    const audit = (await summary()).changes.filter((c) => c.subjectId === batch.id);
    expect(audit.map((c) => c.operator)).toEqual([manager.operator.name, manager.operator.name]);
    for (const body of [
      { by: 'x', name: 'x', count: 1, expires: later(1) },
      { by: 'x', name: 'x', points: 5, itemId: 'coupon-repay-10', count: 1, expires: later(1) },
      { by: 'x', name: 'x', points: 5, count: 0, expires: later(1) },
      { by: 'x', name: 'x', points: 5, count: 10_001, expires: later(1) },
      { by: 'x', name: 'x', points: -5, count: 1, expires: later(1) },
      { by: 'x', name: 'x', points: 5, count: 1, expires: 'tomorrow' },
      { by: 'x', name: '', points: 5, count: 1, expires: later(1) },
    ]) {
      expect((await ops('POST', '/batches', body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await ops('POST', '/batches', { by: 'x', name: 'x', itemId: 'no-such', count: 1, expires: later(1) })).status).toBe(404);
    expect((await ops('POST', '/batches/00000000-0000-0000-0000-000000000000/revoke', { by: 'x' })).status).toBe(404);
  });

  it('replaces the gift contents, checked, and kept with who', async () => {
    const replaced = await ops('PUT', '/gift', { by: '运营-孙', lines: [{ points: 200 }, { itemId: 'coupon-rate-off-5' }] });
    expect(replaced.status).toBe(200);
    expect(replaced.body.data).toEqual({
      gift: [
        { points: 200, itemId: null },
        { points: null, itemId: 'coupon-rate-off-5' },
      ],
    });
    expect((await summary()).changes[0]).toMatchObject({ subject: 'gift', operator: `${manager.operator.name}（${checker.operator.name} 批准）` });
    for (const lines of [
      [{ points: 0 }],
      [{ points: 100_001 }],
      [{ itemId: 'no-such' }],
      Array.from({ length: 11 }, () => ({ points: 1 })),
      [{ points: 1, itemId: 'coupon-rate-off-5' }],
      [{}],
    ]) {
      expect((await ops('PUT', '/gift', { by: 'x', lines })).status, JSON.stringify(lines).slice(0, 60)).toBe(400);
    }
    expect((await summary()).gift).toHaveLength(2);
    expect((await ops('PUT', '/gift', { by: '运营-孙', lines: [] })).body.data).toEqual({ gift: [] });
  });

  it("answers every call within its protocol schema; a body outside the call's schema is 400/4009 naming the field", async () => {
    conforming(opsRewardsChangePrize, await ops('POST', '/prizes/points-5', { by: '运营-周', active: true }));
    conforming(opsRewardsChangeItem, await ops('POST', '/items/coupon-rate-off-5', { by: '运营-周', stock: null }));
    const { batch } = conforming(opsRewardsCreateBatch, await ops('POST', '/batches', { by: '运营-周', name: '形状', points: 3, count: 2, expires: later(3) }));
    conforming(opsRewardsRevokeBatch, await ops('POST', `/batches/${batch.id}/revoke`, { by: '运营-周' }));
    conforming(opsRewardsReplaceGift, await ops('PUT', '/gift', { by: '运营-周', lines: [{ points: 50 }, { itemId: 'coupon-repay-10' }] }));
    const shown = await summary();
    expect(shown.batches.find((b) => b.id === batch.id)).toMatchObject({ revokedAt: expect.any(Number), used: 0 });
    expect(shown.changes.map((c) => c.subject)).toEqual(expect.arrayContaining(['prize', 'item', 'redeem-batch', 'gift']));
    const refusals: Array<[string, unknown, RegExp]> = [
      ['/prizes/points-5', { by: 'x', weight: '1' }, /^weight：/],
      ['/items/coupon-repay-10', { by: 'x', validDays: 1.5 }, /^validDays：/],
      ['/items/coupon-repay-10', { weight: 1 }, /weight/],
      ['/batches', { by: 'x', name: 'x', points: 1, count: 1, expires: later(1), colour: 'red' }, /colour/],
      ['/gift', { by: 'x', lines: 'all' }, /^lines：/],
    ];
    for (const [path, body, reason] of refusals) {
      const answer = await ops(path === '/gift' ? 'PUT' : 'POST', path, body);
      expect(answer, `${path} ${JSON.stringify(body)}`).toMatchObject({ status: 400, body: { code: '400', subcode: '4009' } });
      expect((answer.body.data as { reason: string }).reason, path).toMatch(reason);
    }
  });

  it('answers the codes of a large batch (10,000) at once', async () => {
    const created = await ops('POST', '/batches', { by: 'x', name: '大批量', points: 1, count: 10_000, expires: later(30) });
    expect(created.status).toBe(200);
    const codes = (created.body.data as { codes: string[] }).codes;
    expect(new Set(codes).size).toBe(10_000);
    expect(CODE.OK).toBe(created.body.code);
  });
});
