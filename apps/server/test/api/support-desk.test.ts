// The customer-service desk through real HTTP on both engines (docs/api.md "Customer-service desk"): a
// customer_service operator looks up one account by its full phone number with a reason and sees every
// section masked; a partial number, a missing reason, another role and no session are refused; ending the
// sessions signs the person out; freezing refuses SMS and authorised sign-in with 4218 and ends every
// session at once; unfreezing waits for a second customer_service operator; and every lookup and action is
// in the audit with its reason and never the full phone.
import {
  CODE,
  SUBCODE,
  askQuestion,
  authorizedLogin,
  checkLogin,
  opsUrl,
  OPS_PATH,
  sendSmsCode,
  userLoginV1,
  type OpsApproval,
  type OpsDeskAccount,
} from '@tyd/protocol';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mintAuthorizationCode } from '../../src/account/account-module.js';
import { AGREEMENT_VERSION, latestCode, signUp, testClock, type TestClock } from '../support/accounts.js';
import type { ApiClient } from '../support/api-client.js';
import { insertBoundCard, insertVerifiedIdentity, uniquePhone } from '../support/factories.js';
import { opsFetch, signedInOperator, type OpsAnswer, type OpsClient } from '../support/operators.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { ENGINES } from '../support/test-databases.js';

const MINUTE = 60_000;
const CARD_NUMBER = '6222020200112233445';
type Lookup = { phone: string; account: OpsDeskAccount | null };
type Action = { ended: number; account: OpsDeskAccount };

describe.each(ENGINES)('the customer-service desk on %s', (engine) => {
  let t: TestApp;
  let clock: TestClock;
  let agent: OpsClient;
  let secondAgent: OpsClient;
  let rewardsManager: OpsClient;
  let admin: OpsClient;
  let viewer: OpsClient;
  beforeAll(async () => {
    clock = testClock();
    t = await startTestApp({
      engine,
      clock,
      env: {
        HUMAN_CHECK_IP_PER_HOUR: '100000',
        SMS_HOURLY_CAP_PER_IP: '100000',
        API_RATE_PER_ADDRESS_PER_MINUTE: '100000',
        SMS_LOCK_AFTER_FAILURES: '3',
      },
    });
    [agent, secondAgent, rewardsManager, admin, viewer] = await Promise.all([
      signedInOperator(t, 'customer_service', { staySignedIn: true }),
      signedInOperator(t, 'customer_service', { staySignedIn: true }),
      signedInOperator(t, 'rewards_manager', { staySignedIn: true }),
      signedInOperator(t, 'administrator', { staySignedIn: true }),
      signedInOperator(t, 'viewer', { staySignedIn: true }),
    ]);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A real SMS sign-in of `phone` on a new client; the answer as given. */
  async function signInAs(phone: string): Promise<{ client: ApiClient; code: string | undefined; subcode: string | undefined }> {
    clock.advance(2 * MINUTE);
    const client = await t.client();
    const login = await signUp(client, t.baseUrl, phone);
    return { client, code: login.response?.code, subcode: login.response?.subcode };
  }
  async function person(): Promise<{ phone: string; userId: string; client: ApiClient }> {
    const phone = uniquePhone();
    const { client, code } = await signInAs(phone);
    expect(code).toBe('200');
    return { phone, userId: (await t.app.accounts.repos.users.findByPhone(phone))!.id, client };
  }
  const signedIn = async (client: ApiClient) => (await client.call(checkLogin, {})).response?.code === CODE.OK;
  const lookup = (phone: string, reason: unknown = '工单 T-1001 来电咨询登录问题', client = agent) =>
    client.call<Lookup>('POST', OPS_PATH.usersLookup, { phone, reason });
  const act = (
    path: typeof OPS_PATH.userEndSessions | typeof OPS_PATH.userFreeze | typeof OPS_PATH.userUnfreeze,
    userId: string,
    reason: unknown,
    client = agent,
  ) => client.call<Action & { approval: OpsApproval }>('POST', opsUrl(path, { id: userId }), { reason });
  const approve = (client: OpsClient, id: string) => client.call<{ approval: OpsApproval }>('POST', opsUrl(OPS_PATH.approvalApprove, { id }), {});
  const auditOf = (targetId: string | null) =>
    t.app.database.db
      .selectFrom('ops_audit')
      .selectAll()
      .where(targetId === null ? (eb) => eb('target_id', 'is', null) : (eb) => eb('target_id', '=', targetId))
      .orderBy('at')
      .execute();

  it('shows every section of the account, masked, and audits the lookup with its reason', async () => {
    const { phone, userId, client } = await person();
    const idNumber = await insertVerifiedIdentity(t.app.database.db, t.secrets, userId, { now: clock() });
    await insertBoundCard(t.app.database.db, t.secrets, userId, { cardNumber: CARD_NUMBER, now: clock() });
    await t.app.rewards.grants.grant({ userId, points: 300, operator: 'seed', key: randomBytes(9).toString('base64url'), now: clock() });
    expect((await client.call(askQuestion, { text: '我的借款什么时候到账？', idempotencyKey: randomBytes(12).toString('base64url') })).response?.code).toBe(
      '200',
    );
    await t.app.outbox.drain();
    // A stranger's three wrong codes lock SMS login for everyone but the owner's devices (SMS_LOCK_AFTER_FAILURES=3).
    clock.advance(2 * MINUTE);
    const stranger = await t.client();
    expect((await stranger.call(sendSmsCode, { phone, purpose: 'login' })).response?.code).toBe('200');
    const wrong = (await latestCode(t.baseUrl, phone)) === '000000' ? '111111' : '000000';
    for (let i = 0; i < 3; i++) await stranger.call(userLoginV1, { phone, smsCode: wrong, agreementVersion: AGREEMENT_VERSION });
    await expect.poll(async () => (await t.app.accounts.repos.loginEvents.listOwn(userId, { since: 0, after: undefined, limit: 10 })).length).toBe(4);

    const found = await lookup(phone);
    expect(found.status).toBe(200);
    const account = found.body.data!.account!;
    expect(found.body.data!.phone).toBe(`${phone.slice(0, 3)}****${phone.slice(7)}`);
    expect(account).toMatchObject({ id: userId, phone: `${phone.slice(0, 3)}****${phone.slice(7)}`, frozen: null, unfreezeRequest: null });
    expect(account.registeredAt).toBeGreaterThan(0);
    expect(account.identity).toEqual({
      state: 'verified',
      name: '沙**户',
      idNumber: `${idNumber.slice(0, 3)}***********${idNumber.slice(-4)}`,
      verifiedAt: expect.any(Number),
    });
    expect(account.bankCards).toEqual([{ bankName: expect.stringContaining('工商'), last4: '3445', isDefault: true, boundAt: expect.any(Number) }]);
    expect(account.sessions).toEqual([expect.objectContaining({ state: 'live', endedAt: null, device: expect.any(String), address: expect.any(String) })]);
    expect(account.loginRecords.map((r) => r.result).sort()).toEqual(['code-wrong', 'code-wrong', 'locked', 'success']);
    expect(account.smsLock.owner).toBeNull();
    expect(account.smsLock.others).toBeGreaterThan(clock());
    expect(account.messages.map((m) => m.kind)).toEqual(expect.arrayContaining(['rewards']));
    expect(account.points).toEqual({ balance: 300, entries: [{ amount: 300, reason: 'operator-grant', at: expect.any(Number) }] });
    expect(account.questions).toEqual([{ text: '我的借款什么时候到账？', status: 'open', askedAt: expect.any(Number), answeredAt: null }]);
    // Nothing in the answer is unmasked: not the phone, the ID number or the card number.
    const text = JSON.stringify(found.body);
    for (const secret of [phone, idNumber, CARD_NUMBER, CARD_NUMBER.slice(0, 12)]) expect(text).not.toContain(secret);

    const [entry] = await auditOf(userId);
    expect(entry).toMatchObject({ operator_name: agent.operator.name, action: `POST ${OPS_PATH.usersLookup}` });
    expect(JSON.parse(entry!.after!)).toEqual({ reason: '工单 T-1001 来电咨询登录问题', phone: `${phone.slice(0, 3)}****${phone.slice(7)}`, found: true });
    expect(entry!.after).not.toContain(phone);
  });

  it('answers a number without an account plainly, and audits that lookup too', async () => {
    const phone = uniquePhone();
    const before = (await auditOf(null)).length;
    const answer = await lookup(phone, '来电：查询是否注册');
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({ phone: `${phone.slice(0, 3)}****${phone.slice(7)}`, account: null });
    const entries = await auditOf(null);
    expect(entries).toHaveLength(before + 1);
    expect(JSON.parse(entries.at(-1)!.after!)).toEqual({ reason: '来电：查询是否注册', phone: `${phone.slice(0, 3)}****${phone.slice(7)}`, found: false });
  });

  it('refuses a partial or masked number, a missing or empty reason, other roles and no session', async () => {
    const { phone, userId } = await person();
    const refusals: OpsAnswer[] = [
      await lookup(phone.slice(0, 7)),
      await lookup(`${phone.slice(0, 3)}****${phone.slice(7)}`),
      await lookup(`${phone}0`),
      await agent.call('POST', OPS_PATH.usersLookup, { phone }),
      await lookup(phone, ' '),
      await lookup(phone, '问'),
      await lookup(phone, '问'.repeat(201)),
      await act(OPS_PATH.userFreeze, userId, ''),
    ];
    expect(refusals.map((r) => r.status)).toEqual([400, 400, 400, 400, 400, 400, 400, 400]);
    expect(JSON.stringify(refusals[0]!.body)).toContain('手机号（phone）');
    expect(JSON.stringify(refusals[5]!.body)).toContain('事由（reason）');
    for (const other of [rewardsManager, admin, viewer]) {
      expect((await lookup(phone, '工单 T-2', other)).status).toBe(403);
      expect((await act(OPS_PATH.userFreeze, userId, '工单 T-2', other)).status).toBe(403);
    }
    const anonymous = await opsFetch(t, 'POST', OPS_PATH.usersLookup, { phone, reason: '工单 T-2' });
    expect(anonymous.status).toBe(401);
    expect((await t.app.accounts.repos.users.findById(userId))!.frozen).toBeNull();
    // Refused, each is in the audit as a refusal (docs/operations.md "The audit log"), and none changed anything.
    const refused = await auditOf(userId);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.every((e) => e.outcome === 'refused' && (e.status ?? 0) >= 400)).toBe(true);
  });

  it('ends every session of the account: the person is signed out at their next call', async () => {
    const { phone, userId, client } = await person();
    const other = (await signInAs(phone)).client;
    const answer = await act(OPS_PATH.userEndSessions, userId, '来电称手机丢失');
    expect(answer.status).toBe(200);
    expect(answer.body.data!.ended).toBe(2);
    expect(answer.body.data!.account.sessions.map((s) => s.state)).toEqual(['ended', 'ended']);
    expect(await signedIn(client)).toBe(false);
    expect(await signedIn(other)).toBe(false);
    // Not frozen: the person signs in again.
    expect((await signInAs(phone)).code).toBe('200');
    const [entry] = await auditOf(userId);
    expect(JSON.parse(entry!.after!)).toMatchObject({ reason: '来电称手机丢失', ended: 2 });
  });

  it('freezes: sessions end at once, SMS and authorised sign-in are refused with 4218, and only a second operator unfreezes', async () => {
    const { phone, userId, client } = await person();
    const frozen = await act(OPS_PATH.userFreeze, userId, '工单 T-3 疑似盗用');
    expect(frozen.status).toBe(200);
    expect(frozen.body.data).toMatchObject({ ended: 1, account: { frozen: { operator: agent.operator.name, reason: '工单 T-3 疑似盗用' } } });
    expect(await signedIn(client)).toBe(false);
    expect((await act(OPS_PATH.userFreeze, userId, '工单 T-3 再次冻结', secondAgent)).status).toBe(409);

    const refused = await signInAs(phone);
    expect([refused.code, refused.subcode]).toEqual([CODE.FORBIDDEN, SUBCODE.ACCOUNT_FROZEN]);
    const { authCode } = await mintAuthorizationCode(t.app.accounts, { userId, sessionId: null }, clock());
    const page = await t.client();
    expect((await page.call(authorizedLogin, { authCode })).response).toMatchObject({
      code: CODE.FORBIDDEN,
      subcode: SUBCODE.ACCOUNT_FROZEN,
      submsg: expect.stringContaining('冻结'),
    });
    const shown = (await lookup(phone, '工单 T-3 复核')).body.data!.account!;
    expect(shown.frozen).toMatchObject({ reason: '工单 T-3 疑似盗用' });
    expect(
      shown.loginRecords
        .filter((r) => r.result === 'frozen')
        .map((r) => r.method)
        .sort(),
    ).toEqual(['authorized', 'sms']);

    // Unfreezing is a request; its maker and another role cannot approve it.
    const asked = await act(OPS_PATH.userUnfreeze, userId, '工单 T-3 本人核实完毕');
    expect(asked.status).toBe(202);
    const approval = asked.body.data!.approval;
    expect(approval).toMatchObject({ kind: 'account-unfreeze', role: 'customer_service', status: 'pending', targetId: userId });
    expect(approval.summary).not.toContain(phone);
    expect((await act(OPS_PATH.userUnfreeze, userId, '工单 T-3 重复申请', secondAgent)).status).toBe(409);
    expect((await lookup(phone, '工单 T-3 查看审批')).body.data!.account!.unfreezeRequest).toMatchObject({ id: approval.id });
    expect((await approve(agent, approval.id)).status).toBe(403);
    expect((await approve(rewardsManager, approval.id)).status).toBe(403);
    expect((await signInAs(phone)).subcode).toBe(SUBCODE.ACCOUNT_FROZEN);

    const approved = await approve(secondAgent, approval.id);
    expect(approved.status).toBe(200);
    expect(approved.body.data!.approval).toMatchObject({ status: 'approved', decidedBy: secondAgent.operator.name });
    expect((await t.app.accounts.repos.users.findById(userId))!.frozen).toBeNull();
    const back = await signInAs(phone);
    expect(back.code).toBe('200');
    expect(await signedIn(back.client)).toBe(true);
    expect((await act(OPS_PATH.userUnfreeze, userId, '工单 T-3 已解冻')).status).toBe(409);

    // Every lookup and action of this account is in the audit with its reason, none with the full phone.
    const entries = (await auditOf(userId)).filter((e) => e.outcome !== 'refused');
    // (The test's clock stands still between calls: the entries share their time, so their order is not asserted.)
    expect(entries.map((e) => (JSON.parse(e.after!) as { reason?: string }).reason).sort()).toEqual(
      ['工单 T-3 疑似盗用', '工单 T-3 复核', '工单 T-3 本人核实完毕', '工单 T-3 查看审批'].sort(),
    );
    const all = await t.app.database.db.selectFrom('ops_audit').select(['before', 'after', 'target_id']).execute();
    expect(JSON.stringify(all)).not.toContain(phone);
  });
});
