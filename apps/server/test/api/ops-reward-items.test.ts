// Adding a voucher from /ops (docs/api.md "Rewards operations"): a rewards manager's call with the admin
// command's rules, the item added off offer with no cost and no stock (so nothing of value until it is
// priced and stocked, which are changes of their own), kept with the signed-in operator in reward_changes and
// the /ops audit; other roles and no session refused. SQLite only: the service is the admin command's, run on
// both engines elsewhere.
import { OPS_PATH, opsRewardsAddItem, opsRewardsSummary, parseOpsResponseData } from '@tyd/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { opsFetch, signedInOperator, type OpsClient } from '../support/operators.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

describe('adding a voucher in /ops', () => {
  let t: TestApp;
  let manager: OpsClient;
  beforeAll(async () => {
    t = await startTestApp();
    manager = await signedInOperator(t, 'rewards_manager');
  });
  afterAll(async () => {
    await t?.close();
  });
  const item = { id: 'coupon-repay-20', name: '20元还款立减券', description: '单笔还款满1000元立减20元', validDays: 60 };

  it('adds it off offer, with no cost and no stock, kept with the signed-in operator', async () => {
    const answer = await manager.call('POST', OPS_PATH.rewardsItems, item);
    expect(answer.status).toBe(200);
    const added = parseOpsResponseData(opsRewardsAddItem, answer.body.data);
    expect(added.ok && added.data.item).toEqual({ ...item, pointsCost: null, stock: 0, perUserLimit: null, active: false });
    const summary = parseOpsResponseData(opsRewardsSummary, (await manager.call('GET', OPS_PATH.rewards)).body.data);
    if (!summary.ok) throw new Error(summary.issues.join(', '));
    expect(summary.data.items.find((row) => row.id === item.id)).toMatchObject({ active: false, pointsCost: null, stock: 0 });
    expect(summary.data.changes[0]).toMatchObject({ subject: 'item', subjectId: item.id, operator: manager.operator.name });
    const audit = await t.app.database.db.selectFrom('ops_audit').selectAll().where('action', '=', `POST ${OPS_PATH.rewardsItems}`).execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ operator_name: manager.operator.name, target_id: item.id });
    expect(JSON.parse(audit[0]!.after!)).toMatchObject({ id: item.id, active: false, stock: 0 });
  });

  it("refuses a taken id, a bad id, bad lengths or days and fields outside the call, with the service's reason", async () => {
    const refused: Array<[unknown, RegExp]> = [
      [item, /权益 coupon-repay-20 已存在/],
      [{ ...item, id: 'Coupon_Repay' }, /编号（id）/],
      [{ ...item, id: '-x' }, /编号（id）/],
      [{ ...item, id: 'coupon-new', name: '  ' }, /name/],
      [{ ...item, id: 'coupon-new', name: '券'.repeat(41) }, /name/],
      [{ ...item, id: 'coupon-new', validDays: 0 }, /valid-days/],
      [{ ...item, id: 'coupon-new', validDays: 1.5 }, /validDays/],
      [{ ...item, id: 'coupon-new', pointsCost: 1 }, /pointsCost|unrecognized|未知|无法识别/],
    ];
    for (const [body, reason] of refused) {
      const answer = await manager.call('POST', OPS_PATH.rewardsItems, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect((answer.body.data as { reason: string }).reason, JSON.stringify(body)).toMatch(reason);
    }
    const ids = (await t.app.database.db.selectFrom('reward_items').select('id').execute()).map((row) => row.id);
    expect(ids).not.toContain('coupon-new');
  });

  it('is a rewards manager’s only: no session 401, another role 403', async () => {
    const body = { ...item, id: 'coupon-other' };
    expect((await opsFetch(t, 'POST', OPS_PATH.rewardsItems, body)).status).toBe(401);
    for (const role of ['content_editor', 'administrator', 'viewer'] as const) {
      expect((await (await signedInOperator(t, role)).call('POST', OPS_PATH.rewardsItems, body)).status, role).toBe(403);
    }
    expect(await t.app.database.db.selectFrom('reward_items').select('id').where('id', '=', 'coupon-other').execute()).toEqual([]);
  });
});
