// `npm run admin -- rewards …` (docs/operations.md "The admin command"): operators grant points and set
// prizes, run in-process (runAdmin) against the database and keys of a running test server; what it writes
// is what the API answers, and every prize change is kept with who made it; a grant tells its user in one
// message (both engines), and a message that cannot be posted leaves the grant standing and waits in the
// outbox (listed and retried with `npm run admin -- outbox`).
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../support/accounts.js';
import { uniquePhone } from '../support/factories.js';
import { adminCommand } from '../support/admin-command.js';
import { ENGINES } from '../support/test-databases.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { luckyDrawInfo, pointsLedger, messageList } from '@tyd/protocol';

describe('admin rewards', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  const admin = (...args: string[]) => adminCommand(t, ['rewards', ...args]);

  it('grants points once per --key, kept with who granted them, and the user sees them', async () => {
    const phone = uniquePhone();
    const user = await t.client();
    await signUp(user, t.baseUrl, phone);
    const key = randomBytes(9).toString('base64url');
    const first = JSON.parse((await admin('grant', phone, '150', '--operator', '运营-李', '--key', key)).stdout) as {
      phone: string;
      granted: boolean;
      balance: number;
    };
    expect(first).toMatchObject({ phone: `${phone.slice(0, 3)}****${phone.slice(7)}`, granted: true, balance: 150 });
    const again = JSON.parse((await admin('grant', phone, '150', '--operator', '运营-李', '--key', key)).stdout) as { granted: boolean; balance: number };
    expect(again).toMatchObject({ granted: false, balance: 150 });
    // Who granted, once (the repeat granted nothing), with the account, never the phone.
    const grants = (await admin('changes', '--subject', 'grant')).stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { operator: string; subjectId: string; change: unknown });
    const userId = (await t.app.accounts.repos.users.findByPhone(phone))!.id;
    expect(grants.filter((entry) => entry.subjectId === userId)).toEqual([expect.objectContaining({ operator: '运营-李', change: { points: 150, key } })]);
    expect(JSON.stringify(grants)).not.toContain(phone);
    // No grant without a name, or with a blank one.
    await expect(admin('grant', phone, '10')).rejects.toMatchObject({ code: 2 });
    await expect(admin('grant', phone, '10', '--operator', '  ')).rejects.toMatchObject({ code: 2 });
    expect(await t.app.rewards.points.balance(userId)).toBe(150);
    expect((await user.call(luckyDrawInfo, {})).response?.data).toMatchObject({ balance: 150 });
    const ledger = (await user.call(pointsLedger, {})).response?.data as { items: Array<{ reason: string; amount: number }> };
    expect(ledger.items).toEqual([expect.objectContaining({ reason: 'operator-grant', amount: 150 })]);
  });

  it('changes a prize with the operator kept, shows the table and the history; refuses bad input', async () => {
    const changed = JSON.parse((await admin('prize', 'points-100', '--operator', '运营-王', '--stock', '7', '--weight', '4')).stdout) as {
      stock: number;
      weight: number;
    };
    expect(changed).toMatchObject({ stock: 7, weight: 4 });
    const table = (await admin('prizes')).stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { id: string });
    expect(table.map((prize) => prize.id)).toEqual(['points-100', 'points-20', 'points-5', 'thanks']);
    const history = (await admin('prize-history', 'points-100')).stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { operator: string; change: unknown });
    expect(history.at(-1)).toMatchObject({ operator: '运营-王', change: { stock: 7, weight: 4 } });
    await expect(admin('prize', 'points-100', '--stock', '5')).rejects.toMatchObject({ code: 2 });
    await expect(admin('prize', 'points-100', '--operator', 'x', '--weight', '-1')).rejects.toMatchObject({ code: 2 });
    await expect(admin('prize', 'thanks', '--operator', 'x', '--stock', '5')).rejects.toMatchObject({ code: 2 });
    await expect(admin('prize', 'no-such', '--operator', 'x', '--weight', '1')).rejects.toMatchObject({ code: 1 });
    // The same checks as the /ops rewards API: a name of blanks or with a control character, a blank operator.
    await expect(admin('prize', 'points-5', '--operator', 'x', '--name', '   ')).rejects.toMatchObject({ code: 2 });
    await expect(admin('prize', 'points-5', '--operator', 'x', '--name', '5积分\u0007')).rejects.toMatchObject({ code: 2 });
    await expect(admin('prize', 'points-5', '--operator', '  ', '--weight', '1')).rejects.toMatchObject({ code: 2 });
    expect((await t.app.rewards.prizes.listAll()).find((prize) => prize.id === 'points-5')).toMatchObject({ name: '5积分', weight: 35 });
    await expect(admin('grant', uniquePhone(), '10', '--operator', 'x')).rejects.toMatchObject({ code: 1 });
    await expect(admin('grant', '12345', '10', '--operator', 'x')).rejects.toMatchObject({ code: 2 });
    await expect(admin('grant', uniquePhone(), '0', '--operator', 'x')).rejects.toMatchObject({ code: 2 });
    // A key the ledger's column could not hold (PostgreSQL refuses it mid-grant) or with odd characters: refused first.
    await expect(admin('grant', uniquePhone(), '10', '--operator', 'x', '--key', 'k'.repeat(100))).rejects.toMatchObject({ code: 2 });
    await expect(admin('grant', uniquePhone(), '10', '--operator', 'x', '--key', '春季 活动')).rejects.toMatchObject({ code: 2 });
  });
});

describe.each(ENGINES)('admin rewards grant messages on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ engine });
  });
  afterAll(async () => {
    await t?.close();
  });

  const grant = (...args: string[]) => adminCommand(t, ['rewards', 'grant', ...args]);
  type Message = { kind: string; title: string; body: string; link: string | null };
  async function member() {
    const phone = uniquePhone();
    const user = await t.client();
    await signUp(user, t.baseUrl, phone);
    // The welcome of registration is there too: only the rewards messages are counted.
    const rewardMessages = async () =>
      ((await user.call(messageList, {})).response?.data as { items: Message[] }).items.filter((message) => message.kind === 'rewards');
    return { phone, rewardMessages, userId: (await t.app.accounts.repos.users.findByPhone(phone))!.id };
  }

  it('tells the user of a grant in one message; the same --key again posts none', async () => {
    const { phone, rewardMessages } = await member();
    const key = randomBytes(9).toString('base64url');
    expect(JSON.parse((await grant(phone, '120', '--operator', '运营-李', '--key', key)).stdout)).toMatchObject({ granted: true, balance: 120 });
    const told = await rewardMessages();
    expect(told).toEqual([expect.objectContaining({ title: '积分奖励已到账', link: '/activity/points' })]);
    expect(told[0]!.body).toContain('120积分');
    expect(JSON.parse((await grant(phone, '120', '--operator', '运营-李', '--key', key)).stdout)).toMatchObject({ granted: false, balance: 120 });
    expect(await rewardMessages()).toHaveLength(1);
  });

  it('a grant whose message cannot be posted stands; the message waits in the outbox, listed, and is posted once on retry', async () => {
    const { phone, rewardMessages, userId } = await member();
    const db = t.app.database.db;
    // The messages table refuses every row, as a failing store would.
    if (engine === 'sqlite') {
      await sql`create trigger refuse_messages before insert on messages begin select raise(abort, 'messages unavailable'); end`.execute(db);
    } else {
      await sql`create function refuse_messages() returns trigger language plpgsql as $$ begin raise exception 'messages unavailable'; end $$`.execute(db);
      await sql`create trigger refuse_messages before insert on messages for each row execute function refuse_messages()`.execute(db);
    }
    let eventId: string;
    try {
      const run = await grant(phone, '40', '--operator', '运营-李');
      expect(JSON.parse(run.stdout)).toMatchObject({ granted: true, balance: 40 });
      // Nothing for the operator to do: the message is the outbox's now.
      expect(run.stderr).toBe('');
      const listed = await adminCommand(t, ['outbox', 'list']);
      const events = listed.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { id: string; topic: string; userId: string; attempts: number; lastError: string });
      expect(events).toEqual([expect.objectContaining({ topic: 'message', userId, attempts: 1, lastError: expect.stringContaining('messages unavailable') })]);
      expect(listed.stdout).not.toContain('积分');
      expect(listed.stderr).toMatch(/^outbox: 1 undelivered, 1 failing, oldest \d+ s old/);
      eventId = events[0]!.id;
      // Retried while the store still refuses: still waiting, tried twice.
      expect(JSON.parse((await adminCommand(t, ['outbox', 'retry', eventId])).stdout)).toEqual({ retried: 1 });
      await t.app.outbox.drain();
      expect(await rewardMessages()).toEqual([]);
      expect((await t.app.outbox.repo.pending(10))[0]).toMatchObject({ id: eventId, attempts: 2 });
    } finally {
      await (engine === 'sqlite' ? sql`drop trigger refuse_messages` : sql`drop trigger refuse_messages on messages`).execute(db);
    }
    expect(await t.app.rewards.points.balance(userId)).toBe(40);
    expect(JSON.parse((await adminCommand(t, ['outbox', 'retry', '--all'])).stdout)).toEqual({ retried: 1 });
    await t.app.outbox.drain();
    expect(await rewardMessages()).toEqual([expect.objectContaining({ title: '积分奖励已到账' })]);
    expect((await adminCommand(t, ['outbox', 'list'])).stdout).toBe('');
    await expect(adminCommand(t, ['outbox', 'retry'])).rejects.toMatchObject({ code: 2 });
    await expect(adminCommand(t, ['outbox', 'retry', 'not-an-id'])).rejects.toMatchObject({ code: 2 });
    await expect(adminCommand(t, ['outbox', 'list', '--limit', '0'])).rejects.toMatchObject({ code: 2 });
  });
});
