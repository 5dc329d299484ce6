// Maker-checker through real HTTP on both engines (docs/operations.md "Approvals"): a redeem batch worth more
// than OPS_APPROVAL_POINTS, a change of a prize's odds and the gift wait for a second operator of the same
// role; nobody approves their own; a pending request is withdrawn by its maker only; two approvals at the
// same moment run the change once; and the audit log names the signed-in operators, with the address and
// the values before and after, and has no way to be changed from /ops.
import { OPS_PATH, opsUrl, REWARDS_OPS_LIMITS, type OpsApproval } from '@tyd/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { signUp } from '../support/accounts.js';
import { uniquePhone } from '../support/factories.js';
import { signedInOperator, type OpsClient } from '../support/operators.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { ENGINES } from '../support/test-databases.js';

const tomorrow = () => new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);

describe.each(ENGINES)('maker-checker on %s', (engine) => {
  let t: TestApp;
  let maker: OpsClient;
  let checker: OpsClient;
  let thirdManager: OpsClient;
  let editor: OpsClient;
  let admin: OpsClient;
  beforeAll(async () => {
    t = await startTestApp({ engine, env: { OPS_APPROVAL_POINTS: '1000' } });
    [maker, checker, thirdManager, editor, admin] = await Promise.all([
      signedInOperator(t, 'rewards_manager'),
      signedInOperator(t, 'rewards_manager'),
      signedInOperator(t, 'rewards_manager'),
      signedInOperator(t, 'content_editor'),
      signedInOperator(t, 'administrator'),
    ]);
  });
  afterAll(async () => {
    await t?.close();
  });

  const batchesNamed = async (name: string) => {
    const summary = await maker.call<{ batches: { name: string; createdBy: string; codes: number }[] }>('GET', OPS_PATH.rewards);
    return summary.body.data!.batches.filter((batch) => batch.name === name);
  };
  const approve = (client: OpsClient, id: string) =>
    client.call<{ approval: OpsApproval; result: { codes?: string[] } }>('POST', opsUrl(OPS_PATH.approvalApprove, { id }), {});

  it('grants points once per key at once up to the threshold, and keeps a bigger grant as a request until another rewards manager approves it', async () => {
    const phone = uniquePhone();
    await signUp(await t.client(), t.baseUrl, phone);
    const userId = (await t.app.accounts.repos.users.findByPhone(phone))!.id;
    const masked = `${phone.slice(0, 3)}****${phone.slice(7)}`;
    const grant = (points: number, key: string, client = maker) =>
      client.call<{ phone: string; points: number; granted: boolean; approval?: OpsApproval }>('POST', OPS_PATH.rewardsGrants, {
        phone,
        points,
        key,
        reason: '工单 A-1',
      });
    // The same key, sent twice at once (a double click): one grant.
    const key = randomBytes(9).toString('base64url');
    const [first, second] = await Promise.all([grant(400, key), grant(400, key)]);
    expect([first.body.data?.granted, second.body.data?.granted].sort()).toEqual([false, true]);
    expect(first.body.data).toMatchObject({ phone: masked, points: 400 });
    expect(await t.app.rewards.points.balance(userId)).toBe(400);
    // Another role may not grant; an unknown phone and a bad one are refused with their reason.
    expect((await grant(10, 'k1', editor)).status).toBe(403);
    const reason = '工单 A-1';
    expect((await maker.call('POST', OPS_PATH.rewardsGrants, { phone: '13900000000', points: 10, key: 'k2', reason })).body).toMatchObject({ code: '404' });
    expect((await maker.call('POST', OPS_PATH.rewardsGrants, { phone: '123', points: 10, key: 'k3', reason })).status).toBe(400);
    expect((await maker.call('POST', OPS_PATH.rewardsGrants, { phone, points: 0, key: 'k4', reason })).status).toBe(400);
    // A grant says why.
    expect((await maker.call('POST', OPS_PATH.rewardsGrants, { phone, points: 10, key: 'k6' })).status).toBe(400);
    expect((await maker.call('POST', OPS_PATH.rewardsGrants, { phone, points: 10, key: 'k7', reason: ' ' })).status).toBe(400);
    const tooMany = await maker.call('POST', OPS_PATH.rewardsGrants, { phone, points: REWARDS_OPS_LIMITS.grantPoints + 1, key: 'k5', reason });
    expect(tooMany.status).toBe(400);
    expect(JSON.stringify(tooMany.body)).toContain(`积分（points）：1 至 ${REWARDS_OPS_LIMITS.grantPoints} 的整数`);
    // Over the threshold (1000 here): a request, nothing granted until another rewards manager approves it.
    const big = await grant(1500, randomBytes(9).toString('base64url'));
    expect(big.status).toBe(202);
    expect(big.body.data?.approval).toMatchObject({
      kind: 'points-grant',
      status: 'pending',
      summary: `向 ${masked} 发放 1500 积分（理由：工单 A-1）；提交人 24 小时内已自行发放 400 积分`,
      valuePoints: 1500,
    });
    expect(JSON.stringify(big.body)).not.toContain(phone);
    expect(await t.app.rewards.points.balance(userId)).toBe(400);
    const id = big.body.data!.approval!.id;
    expect((await approve(maker, id)).status).toBe(403);
    const approved = await approve(checker, id);
    expect(approved.body.data).toMatchObject({ approval: { status: 'approved' }, result: { phone: masked, points: 1500, granted: true } });
    expect(await t.app.rewards.points.balance(userId)).toBe(1900);
  });

  it('runs a batch up to the threshold at once, and keeps a bigger one as a request until another rewards manager approves it', async () => {
    // A maker of its own: what one makes alone is counted over the window (ops-controls.test.ts).
    const maker = await signedInOperator(t, 'rewards_manager');
    const small = await maker.call<{ codes: string[] }>('POST', OPS_PATH.rewardsBatches, { name: 'small', points: 100, count: 10, expires: tomorrow() });
    expect(small.status).toBe(200);
    expect(small.body.data?.codes).toHaveLength(10);

    const big = await maker.call<{ approval: OpsApproval }>('POST', OPS_PATH.rewardsBatches, { name: 'big', points: 100, count: 11, expires: tomorrow() });
    expect(big.status).toBe(202);
    expect(big.body.data?.approval).toMatchObject({ kind: 'redeem-batch', status: 'pending', requestedBy: maker.operator.name, role: 'rewards_manager' });
    expect(await batchesNamed('big')).toEqual([]);
    const id = big.body.data!.approval.id;

    expect((await approve(maker, id)).body).toMatchObject({ code: '403', data: { reason: expect.stringMatching(/提交人以外/) } });
    // Another role cannot approve it, whatever its own powers.
    expect((await approve(editor, id)).status).toBe(403);
    expect((await approve(admin, id)).status).toBe(403);
    expect(await batchesNamed('big')).toEqual([]);

    const approved = await approve(checker, id);
    expect(approved.status).toBe(200);
    expect(approved.body.data?.approval).toMatchObject({ status: 'approved', decidedBy: checker.operator.name, resultWaiting: true });
    // The codes go to the maker, once; the checker never sees them.
    expect(approved.body.data?.result.codes).toBeUndefined();
    expect(JSON.stringify(approved.body)).not.toMatch(/[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}/);
    const take = (client: OpsClient) =>
      client.call<{ approval: OpsApproval; result: { codes: string[] } }>('POST', opsUrl(OPS_PATH.approvalResult, { id }), {});
    expect((await take(checker)).status).toBe(403);
    const taken = await take(maker);
    expect(taken.body.data?.result.codes).toHaveLength(11);
    expect(taken.body.data?.approval.resultWaiting).toBe(false);
    expect((await take(maker)).status).toBe(404);
    // Its record names maker and checker.
    expect(await batchesNamed('big')).toEqual([expect.objectContaining({ createdBy: `${maker.operator.name}（${checker.operator.name} 批准）`, codes: 11 })]);
    expect((await approve(thirdManager, id)).status).toBe(409);
  });

  it('runs the change once when two operators approve at the same moment', async () => {
    const big = await maker.call<{ approval: OpsApproval }>('POST', OPS_PATH.rewardsBatches, { name: 'raced', points: 500, count: 3, expires: tomorrow() });
    expect(big.status).toBe(202);
    const id = big.body.data!.approval.id;
    const answers = await Promise.all([approve(checker, id), approve(thirdManager, id), approve(checker, id), approve(thirdManager, id)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409]);
    expect(await batchesNamed('raced')).toHaveLength(1);
  });

  it('keeps a change of odds and the gift as requests; the maker withdraws one, nobody else can', async () => {
    const odds = await maker.call<{ approval: OpsApproval }>('POST', opsUrl(OPS_PATH.rewardsPrize, { id: 'points-100' }), { weight: 7 });
    expect(odds.status).toBe(202);
    // A change that raises nothing (a name, a lower stock) runs at once.
    expect((await maker.call('POST', opsUrl(OPS_PATH.rewardsPrize, { id: 'points-100' }), { name: '百积分' })).status).toBe(200);
    expect((await maker.call('POST', opsUrl(OPS_PATH.rewardsPrize, { id: 'points-100' }), { stock: 40 })).status).toBe(200);
    const gift = await maker.call<{ approval: OpsApproval }>('PUT', OPS_PATH.rewardsGift, { lines: [{ points: 88 }] });
    expect(gift.status).toBe(202);

    const withdraw = (client: OpsClient, id: string) => client.call('POST', opsUrl(OPS_PATH.approvalWithdraw, { id }), {});
    expect((await withdraw(checker, gift.body.data!.approval.id)).status).toBe(403);
    expect((await withdraw(maker, gift.body.data!.approval.id)).status).toBe(200);
    expect((await approve(checker, gift.body.data!.approval.id)).status).toBe(409);
    expect((await withdraw(maker, gift.body.data!.approval.id)).status).toBe(409);

    const summary = () => maker.call<{ prizes: { id: string; weight: number }[]; gift: unknown[] }>('GET', OPS_PATH.rewards);
    expect((await summary()).body.data!.prizes.find((p) => p.id === 'points-100')?.weight).not.toBe(7);
    expect((await approve(checker, odds.body.data!.approval.id)).status).toBe(200);
    expect((await summary()).body.data!.prizes.find((p) => p.id === 'points-100')?.weight).toBe(7);
    expect((await summary()).body.data!.gift).not.toEqual([{ points: 88, itemId: null }]);

    const list = await editor.call<{ approvals: OpsApproval[] }>('GET', OPS_PATH.approvals);
    expect(list.body.data!.approvals.map((a) => [a.kind, a.status])).toEqual(
      expect.arrayContaining([
        ['gift', 'withdrawn'],
        ['prize-change', 'approved'],
      ]),
    );
  });

  it('audits who did what from where, before and after, and offers no way to change the log', async () => {
    const audit = await admin.call<{
      entries: { operator: string; action: string; address: string; before: unknown; after: unknown; targetId: string | null }[];
    }>('GET', OPS_PATH.audit);
    const entries = audit.body.data!.entries;
    const prizeChange = entries.find((e) => e.action === 'POST /ops/api/rewards/prizes/:id' && (e.after as { stock?: number }).stock === 40);
    expect(prizeChange).toMatchObject({
      operator: maker.operator.name,
      address: '127.0.0.1',
      targetId: 'points-100',
      before: expect.objectContaining({ id: 'points-100' }),
    });
    const approval = entries.find((e) => e.action === 'POST /ops/api/approvals/:id/approve' && e.operator === checker.operator.name);
    expect(approval).toMatchObject({ before: { status: 'pending' }, after: expect.objectContaining({ status: 'approved' }) });
    // The `by` a request names is not who the audit names.
    await editor.call('POST', OPS_PATH.content, { kind: 'article', title: 'by', body: 'b', by: 'someone-else' });
    const again = await admin.call<{ entries: { operator: string; action: string; after: unknown }[] }>('GET', OPS_PATH.audit);
    const made = again.body.data!.entries.find((e) => e.action === 'POST /ops/api/content');
    expect(made?.operator).toBe(editor.operator.name);
    expect(JSON.stringify(made?.after)).not.toContain('someone-else');
    // No codes, passwords or secrets in it. A code stands alone (XXXX-XXXX-XXXX-XXXX); four groups of digits
    // inside an entry's UUID are not one, which once failed this check by chance.
    expect(JSON.stringify(again.body.data)).not.toMatch(/(?<![\w-])[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}(?![\w-])|password"|totpSecret/);
    // The only audit route is a GET: nothing else of /ops reaches the table.
    expect(t.app.operators.routes.filter((r) => r.url.startsWith(OPS_PATH.audit)).map((r) => r.method)).toEqual(['GET']);
    for (const method of ['PUT', 'POST', 'DELETE', 'PATCH']) expect((await admin.call(method, OPS_PATH.audit, {})).status, method).toBe(404);
  });
});
