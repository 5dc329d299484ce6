// The operators' controls attacked as a whole, the way an insider would (docs/operations.md "Approvals", "The
// audit log"), through real HTTP on both engines: value split into small grants and batches, several at
// once, a price changed around a batch, a prize made richer a field at a time; an approval whose change or
// audit entry fails half-way; requests left to expire or rejected; refusals and failed sign-ins in the audit,
// and an audit that pages and filters so nothing is pushed out of view.
import { OPS_AUDIT_PAGE, OPS_PATH, opsUrl, type OpsApproval, type OpsAuditEntry } from '@tyd/protocol';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, testClock, type TestClock } from '../support/accounts.js';
import { uniquePhone } from '../support/factories.js';
import { addOperator, opsFetch, signedInOperator, type OpsClient } from '../support/operators.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { ENGINES } from '../support/test-databases.js';

const HOUR = 3_600_000;
const tomorrow = () => new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
const key = () => randomBytes(9).toString('base64url');

describe.each(ENGINES)('the operators’ controls as a whole, on %s', (engine) => {
  let t: TestApp;
  let clock: TestClock;
  let checker: OpsClient;
  let admin: OpsClient;
  let phone: string;
  let userId: string;
  beforeAll(async () => {
    clock = testClock();
    t = await startTestApp({
      engine,
      clock,
      env: { OPS_APPROVAL_POINTS: '1000', OPS_APPROVAL_WINDOW_HOURS: '24', OPS_APPROVAL_HOURS: '72', API_RATE_PER_ADDRESS_PER_MINUTE: '100000' },
    });
    [checker, admin] = await Promise.all([
      signedInOperator(t, 'rewards_manager', { staySignedIn: true }),
      signedInOperator(t, 'administrator', { staySignedIn: true }),
    ]);
    phone = uniquePhone();
    await signUp(await t.client(), t.baseUrl, phone);
    userId = (await t.app.accounts.repos.users.findByPhone(phone))!.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  const maker = () => signedInOperator(t, 'rewards_manager', { staySignedIn: true });
  const grant = (client: OpsClient, points: number, grantKey = key()) =>
    client.call<{ granted?: boolean; approval?: OpsApproval }>('POST', OPS_PATH.rewardsGrants, { phone, points, key: grantKey, reason: '活动补偿 2026-12' });
  const batch = (client: OpsClient, body: Record<string, unknown>) =>
    client.call<{ codes?: string[]; approval?: OpsApproval }>('POST', OPS_PATH.rewardsBatches, { name: `b-${key()}`, count: 1, expires: tomorrow(), ...body });
  const approve = (client: OpsClient, id: string) =>
    client.call<{ approval: OpsApproval; result: unknown }>('POST', opsUrl(OPS_PATH.approvalApprove, { id }), {});
  const balance = () => t.app.rewards.points.balance(userId);
  const audit = async (query: Record<string, string> = {}) =>
    (await admin.call<{ entries: OpsAuditEntry[]; next: string | null }>('GET', `${OPS_PATH.audit}?${new URLSearchParams(query)}`)).body.data!;

  it('sums what one maker grants and mints alone over the window, so splitting it does not avoid a checker', async () => {
    const alice = await maker();
    const before = await balance();
    // 3 × 300 alone, then a batch of 100 fits exactly (1,000); the next point of either kind waits.
    for (let i = 0; i < 3; i++) expect((await grant(alice, 300)).status).toBe(200);
    expect((await batch(alice, { points: 100 })).status).toBe(200);
    const split = await grant(alice, 1);
    expect(split.status).toBe(202);
    expect(split.body.data?.approval?.summary).toContain('提交人 24 小时内已自行发放 1000 积分');
    expect((await batch(alice, { points: 1 })).status).toBe(202);
    expect(await balance()).toBe(before + 900);
    // Another maker has a window of their own.
    expect((await grant(await maker(), 300)).status).toBe(200);
    // A key that granted before grants nothing and counts nothing.
    const bob = await maker();
    const once = key();
    expect((await grant(bob, 600, once)).body.data?.granted).toBe(true);
    expect((await grant(bob, 600, once)).body.data?.granted).toBe(false);
    expect((await grant(bob, 400)).status).toBe(200);
    // Once the window has passed, the maker makes small changes alone again.
    clock.advance(24 * HOUR + 1);
    expect((await grant(alice, 300)).status).toBe(200);
  });

  it('counts parallel grants of one maker one after the other', async () => {
    const alice = await maker();
    const answers = await Promise.all(Array.from({ length: 5 }, () => grant(alice, 300)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 202, 202]);
  });

  it('values item codes at the highest cost of the window, and any change of the cost waits for a checker', async () => {
    const alice = await maker();
    const item = (await alice.call<{ items: { id: string; pointsCost: number | null }[] }>('GET', OPS_PATH.rewards)).body.data!.items.find(
      (i) => i.pointsCost !== null,
    )!;
    const lowered = await alice.call<{ approval: OpsApproval }>('POST', opsUrl(OPS_PATH.rewardsItem, { id: item.id }), { pointsCost: 1 });
    expect(lowered.status).toBe(202);
    expect(lowered.body.data?.approval).toMatchObject({ kind: 'item-change', summary: expect.stringContaining(`兑换积分 ${item.pointsCost} → 1`) });
    expect((await approve(checker, lowered.body.data!.approval.id)).status).toBe(200);
    // At cost 1, ten codes look like 10 points; valued at the cost it had this window, they wait.
    const codes = await batch(alice, { itemId: item.id, count: 10 });
    expect(codes.status).toBe(202);
    expect(codes.body.data?.approval?.valuePoints).toBe(10 * item.pointsCost!);
    // Raising it back waits too (it raises every code and voucher out there).
    expect((await alice.call('POST', opsUrl(OPS_PATH.rewardsItem, { id: item.id }), { pointsCost: item.pointsCost })).status).toBe(202);
    // A name, a description, a lower stock: at once.
    expect((await alice.call('POST', opsUrl(OPS_PATH.rewardsItem, { id: item.id }), { description: '说明' })).status).toBe(200);
  });

  it('keeps every change that makes a prize richer, or moves the odds, for a checker; a brake runs at once', async () => {
    const alice = await maker();
    const prizes = async () =>
      (
        await alice.call<{ prizes: { id: string; kind: string; points: number | null; stock: number | null; weight: number; active: boolean }[] }>(
          'GET',
          OPS_PATH.rewards,
        )
      ).body.data!.prizes;
    const prize = (await prizes()).find((p) => p.kind === 'points' && p.stock !== null && p.points !== null)!;
    const thanks = (await prizes()).find((p) => p.kind === 'thanks')!;
    const change = (id: string, body: Record<string, unknown>) => alice.call('POST', opsUrl(OPS_PATH.rewardsPrize, { id }), body);
    expect((await change(prize.id, { points: prize.points! + 1 })).status).toBe(202);
    expect((await change(prize.id, { stock: prize.stock! + 1 })).status).toBe(202);
    expect((await change(prize.id, { stock: null })).status).toBe(202);
    expect((await change(prize.id, { weight: prize.weight + 1 })).status).toBe(202);
    // Taking 谢谢参与 off offer raises every other prize's odds.
    expect((await change(thanks.id, { active: false })).status).toBe(202);
    // Less of it, or less in it: the brake.
    expect((await change(prize.id, { stock: 0 })).status).toBe(200);
    expect((await change(prize.id, { points: 1 })).status).toBe(200);
    const now = (await prizes()).find((p) => p.id === prize.id)!;
    expect(now).toMatchObject({ stock: 0, points: 1, weight: prize.weight });
    expect((await prizes()).find((p) => p.id === thanks.id)?.active).toBe(true);
  });

  it('makes no change without its audit entry, and an approval whose entry fails stays pending', async () => {
    const alice = await maker();
    const operators = t.app.operators;
    const recordIn = operators.recordIn;
    const before = await balance();
    operators.recordIn = async () => {
      throw new Error('audit table unavailable');
    };
    try {
      const direct = await grant(alice, 10);
      expect(direct.status).toBe(500);
      expect(await balance()).toBe(before);
    } finally {
      operators.recordIn = recordIn;
    }
    const big = await grant(alice, 5000);
    expect(big.status).toBe(202);
    const id = big.body.data!.approval!.id;
    operators.recordIn = async () => {
      throw new Error('audit table unavailable');
    };
    try {
      expect((await approve(checker, id)).status).toBe(500);
    } finally {
      operators.recordIn = recordIn;
    }
    expect(await balance()).toBe(before);
    const list = await checker.call<{ approvals: OpsApproval[] }>('GET', OPS_PATH.approvals);
    expect(list.body.data!.approvals.find((a) => a.id === id)?.status).toBe('pending');
    expect((await approve(checker, id)).status).toBe(200);
    expect(await balance()).toBe(before + 5000);
    const entries = (await audit({ target: id })).entries;
    expect(
      entries
        .filter((e) => e.action === 'POST /ops/api/approvals/:id/approve')
        .map((e) => e.outcome)
        .sort(),
    ).toEqual(['done', 'refused']);
    expect(entries.find((e) => e.outcome === 'done')).toMatchObject({ operator: checker.operator.name, summary: expect.stringContaining('批准申请：向') });
    // The maker and the checker are both named on the grant's record.
    const label = `${alice.operator.name}（${checker.operator.name} 批准）`;
    const records = await t.app.database.db
      .selectFrom('reward_changes')
      .select('change')
      .where('subject', '=', 'grant')
      .where('operator', '=', label)
      .execute();
    expect(records.map((r) => (JSON.parse(r.change) as { points: number }).points)).toEqual([5000]);
  });

  it('rejects with a reason, by a checker only; shows and enforces the expiry', async () => {
    const alice = await maker();
    const first = (await grant(alice, 5000)).body.data!.approval!;
    const second = (await grant(alice, 6000)).body.data!.approval!;
    expect(second.expiresAt - second.requestedAt).toBe(72 * HOUR);
    const reject = (client: OpsClient, id: string, body: unknown) =>
      client.call<{ approval: OpsApproval }>('POST', opsUrl(OPS_PATH.approvalReject, { id }), body);
    expect((await reject(alice, first.id, { reason: '自己驳回' })).status).toBe(403);
    expect((await reject(admin, first.id, { reason: '别的角色' })).status).toBe(403);
    expect((await reject(checker, first.id, {})).status).toBe(400);
    const rejected = await reject(checker, first.id, { reason: '金额与工单不符' });
    expect(rejected.body.data?.approval).toMatchObject({ status: 'rejected', decidedBy: checker.operator.name, decisionReason: '金额与工单不符' });
    expect((await approve(checker, first.id)).body).toMatchObject({ code: '409', data: { reason: '该申请已驳回，请刷新' } });

    clock.advance(72 * HOUR);
    const list = await checker.call<{ approvals: OpsApproval[] }>('GET', OPS_PATH.approvals);
    expect(list.body.data!.approvals.find((a) => a.id === second.id)?.status).toBe('expired');
    expect((await approve(checker, second.id)).body).toMatchObject({ code: '409', data: { reason: '该申请已过期，请刷新' } });
    expect((await reject(checker, second.id, { reason: '过期' })).status).toBe(409);
  });

  it('records refusals and failed sign-ins without secrets, and pages and filters so nothing is pushed out of view', async () => {
    const alice = await maker();
    const editor = await signedInOperator(t, 'content_editor');
    expect((await editor.call('POST', OPS_PATH.rewardsGrants, { phone, points: 10, key: key(), reason: '越权' })).status).toBe(403);
    expect((await alice.call('POST', OPS_PATH.rewardsGrants, { phone, points: -1, key: key(), reason: '坏数' })).status).toBe(400);
    const known = await addOperator(t, 'viewer');
    expect((await opsFetch(t, 'POST', OPS_PATH.session, { name: known.operator.name, password: 'not the password at all', code: '000000' })).status).toBe(401);
    expect((await opsFetch(t, 'POST', OPS_PATH.session, { name: 'my password is hunter2', password: 'x', code: '000000' })).status).toBe(401);
    expect((await opsFetch(t, 'POST', OPS_PATH.rewardsGrants, { phone, points: 1, key: key(), reason: '无会话' })).status).toBe(401);

    const refused = (await audit()).entries.filter((e) => e.outcome === 'refused');
    expect(refused).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ operator: editor.operator.name, action: 'POST /ops/api/rewards/grants', status: 403 }),
        expect.objectContaining({ operator: alice.operator.name, action: 'POST /ops/api/rewards/grants', status: 400 }),
        expect.objectContaining({
          operator: '（未登录）',
          action: 'POST /ops/api/session',
          status: 401,
          targetId: known.operator.id,
          after: { name: known.operator.name },
        }),
        expect.objectContaining({
          operator: '（未登录）',
          action: 'POST /ops/api/session',
          status: 401,
          targetId: null,
          after: { name: '（不存在的账号名）' },
        }),
        expect.objectContaining({ operator: '（未登录）', action: 'POST /ops/api/rewards/grants', status: 401 }),
      ]),
    );
    const everything = JSON.stringify(await t.app.database.db.selectFrom('ops_audit').selectAll().execute());
    expect(everything).not.toContain(phone);
    expect(everything).not.toContain('hunter2');
    expect(everything).not.toContain('not the password at all');

    // 2 × a page of trivial edits after a big grant: the grant is still found by action, target and operator.
    const big = await grant(alice, 9000);
    for (let i = 0; i < OPS_AUDIT_PAGE * 2; i++) {
      clock.advance(1);
      await alice.call('POST', opsUrl(OPS_PATH.rewardsPrize, { id: 'thanks' }), { name: `谢谢参与${i % 10}` });
    }
    const firstPage = await audit();
    expect(firstPage.entries).toHaveLength(OPS_AUDIT_PAGE);
    expect(firstPage.entries.some((e) => e.targetId === big.body.data!.approval!.id)).toBe(false);
    const byAction = await audit({ action: 'POST /ops/api/rewards/grants', operator: alice.operator.name });
    const requested = byAction.entries.find((e) => e.targetId === big.body.data!.approval!.id);
    expect(requested).toMatchObject({
      outcome: 'requested',
      status: 202,
      reason: '活动补偿 2026-12',
      summary: expect.stringContaining('发放 9000 积分'),
      after: expect.objectContaining({ change: expect.objectContaining({ phone: expect.stringContaining('****') }) }),
    });
    // Every entry, page by page, once.
    const seen = new Set<string>();
    let next: string | null = null;
    do {
      const page: { entries: OpsAuditEntry[]; next: string | null } = await audit(next ? { before: next } : {});
      for (const entry of page.entries) {
        expect(seen.has(entry.id)).toBe(false);
        seen.add(entry.id);
      }
      next = page.next;
    } while (next);
    const total = await t.app.database.db
      .selectFrom('ops_audit')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(seen.size).toBe(Number(total.n));
    // A time range.
    const at = requested!.at;
    expect((await audit({ from: String(at), to: String(at + 1), action: 'POST /ops/api/rewards/grants' })).entries.every((e) => e.at === at)).toBe(true);
    // A bad filter is refused with its reason.
    expect((await admin.call('GET', `${OPS_PATH.audit}?from=yesterday`)).status).toBe(400);
  });
});

describe('the sign-in budget of an address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { OPS_SIGN_IN_PER_ADDRESS: '3', TRUST_PROXY: '127.0.0.1' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses an address past its budget, checking nothing, while another address signs in', async () => {
    const operator = await addOperator(t, 'viewer');
    const from = (address: string, body: unknown) => opsFetch(t, 'POST', OPS_PATH.session, body, { 'x-forwarded-for': address });
    const guess = (address: string, n: number) => from(address, { name: `guess-${n}`, password: 'wrong password here', code: '123456' });
    for (let i = 0; i < 3; i++) expect((await guess('203.0.113.7', i)).status).toBe(401);
    const over = await guess('203.0.113.7', 4);
    expect(over.status).toBe(429);
    expect(over.headers.get('retry-after')).toBe('900');
    // Many names from one address do not get past it either, however valid the credentials.
    const { totpCode } = await import('../../src/operators/services/credentials.js');
    const real = { name: operator.operator.name, password: operator.password, code: totpCode(operator.totpSecret, Date.now()) };
    expect((await from('203.0.113.7', real)).status).toBe(429);
    expect((await from('198.51.100.20', real)).status).toBe(200);
    // Successes are given back: a team behind one address signs in all day; only failures use the budget up.
    // (One at a time: the admin command runs in this process on its own SQLite connection.)
    for (let i = 0; i < 4; i++) {
      const member = await addOperator(t, 'viewer');
      const signIn = await from('192.0.2.50', { name: member.operator.name, password: member.password, code: totpCode(member.totpSecret, Date.now()) });
      expect(signIn.status, JSON.stringify(signIn.body)).toBe(200);
    }
    // Past the budget, only the first refusal is recorded.
    const rows = await t.app.database.db.selectFrom('ops_audit').select(['status', 'address']).where('address', '=', '203.0.113.7').execute();
    expect(rows.map((r) => r.status).sort()).toEqual([401, 401, 401, 429]);
  });
});
