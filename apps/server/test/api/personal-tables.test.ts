// Every table that holds a person's data reaches them (PIPL art. 45 the copy, MIIT 2021 the collected list;
// docs/api.md "Personal information"), or is said why not. The schema is walked as the migrated database
// describes it, on both engines (their catalogs differ): a table that names an account, a phone or a person,
// or references such a table, must be in src/privacy/personal-tables.ts, so the next table added cannot be
// forgotten. Then the list is held to its word: an account with a row in every table said to be shown finds
// each of them in its copy and its collected list.
import { randomBytes } from 'node:crypto';
import {
  askQuestion,
  chinaDate,
  claimNewUserGift,
  h5FaceVerify,
  clearUnreadNotice,
  downloadDataExport,
  exchangePoints,
  noticeDetail,
  personalInfoList,
  redeemCode,
  requestDataExport,
  sendSmsCode,
  updateLuckyPoints,
  userLoginV1,
  SUBCODE,
  type PersonalDataExport,
  type PersonalInfoKind,
} from '@tyd/protocol';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_SHOWN_TABLES, SHOWN_TABLES } from '../../src/privacy/personal-tables.js';
import { AGREEMENT_VERSION, latestCode, signUp, testClock, type TestClock } from '../support/accounts.js';
import type { ApiClient } from '../support/api-client.js';
import { uniquePhone, insertBoundCard } from '../support/factories.js';
import { certificationSteps } from '../support/identity.js';
import { accountColumns, migratedTables, personalTables, unaccounted, type TableShape } from '../support/schema-walk.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { ENGINES, itSqliteOnly } from '../support/test-databases.js';

const key = () => randomBytes(16).toString('base64url');

describe.each(ENGINES)('personal tables on %s', (engine) => {
  let t: TestApp;
  let clock: TestClock;
  let tables: TableShape[];
  beforeAll(async () => {
    clock = testClock();
    t = await startTestApp({
      engine,
      clock,
      env: { HUMAN_CHECK_IP_PER_HOUR: '100000', SMS_HOURLY_CAP_PER_IP: '100000', REWARDS_DRAW_COST: '10' },
    });
    tables = await migratedTables(t.app.database.db, engine);
  });
  afterAll(async () => {
    await t?.close();
  });
  const steps = certificationSteps(
    () => t,
    () => clock(),
  );

  it('finds every table that names an account, a phone or a person in the copy and the list, or said why not', () => {
    const personal = personalTables(tables);
    // The walk sees what it must: the account itself, tables named by their columns, a table reached only
    // through a foreign key, and the rows kept by person rather than by account.
    expect(personal.get('users')).toBe('column phone_hash');
    expect(personal.get('login_events')).toBe('column user_id');
    expect(personal.get('invite_rewards')).toBe('column invitee_person_key');
    expect(personal.get('upload_parts')).toBe('foreign key upload_id → uploads');
    expect(personal.get('retained_records')).toBe('column subject_hash');
    const { forgotten, unknown } = unaccounted(tables, SHOWN_TABLES, NOT_SHOWN_TABLES);
    expect(forgotten, `tables with a person's data in neither the copy nor the list (src/privacy/personal-tables.ts): ${forgotten.join(', ')}`).toEqual([]);
    expect(unknown, 'entries of src/privacy/personal-tables.ts that name no table').toEqual([]);
    for (const [table, reason] of Object.entries(NOT_SHOWN_TABLES)) expect(reason.length, table).toBeGreaterThan(40);
    for (const table of Object.keys(SHOWN_TABLES)) expect(Object.keys(NOT_SHOWN_TABLES), table).not.toContain(table);
  });

  itSqliteOnly(engine)('fails the day a table with a person’s data is left out', () => {
    // The walk against today's schema with one entry taken away: the test above would name it.
    const { login_events: _events, ...withoutSignIns } = SHOWN_TABLES;
    expect(unaccounted(tables, withoutSignIns, NOT_SHOWN_TABLES).forgotten).toEqual(['login_events']);
    const { authorization_codes: _codes, ...withoutCodes } = NOT_SHOWN_TABLES;
    expect(unaccounted(tables, SHOWN_TABLES, withoutCodes).forgotten).toEqual(['authorization_codes']);
    // A table a later migration adds, with an account under a name of its own, is found too.
    const added: TableShape = { name: 'loan_applications', columns: ['id', 'applicant_user_id', 'amount'], references: new Map() };
    expect(unaccounted([...tables, added], SHOWN_TABLES, NOT_SHOWN_TABLES).forgotten).toEqual(['loan_applications']);
    const referencing: TableShape = { name: 'session_notes', columns: ['id', 'session_ref'], references: new Map([['session_ref', 'sessions']]) };
    expect(unaccounted([...tables, referencing], SHOWN_TABLES, NOT_SHOWN_TABLES).forgotten).toEqual(['session_notes']);
  });

  /** A bound card as binding leaves it (bank-cards-service.ts): the number only as ciphertext. */
  async function bindCard(userId: string): Promise<void> {
    await insertBoundCard(t.app.database.db, t.secrets, userId, { now: clock() });
  }

  /** The rows in `table` that name the account, through the columns the walk found for it. */
  async function rowsOf(table: TableShape, userId: string): Promise<number> {
    const columns = accountColumns(table);
    expect(columns.length, `${table.name} has a column naming an account`).toBeGreaterThan(0);
    const matches = sql.join(
      columns.map((column) => sql`${sql.ref(column)} = ${userId}`),
      sql` or `,
    );
    const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table.name)} where ${matches}`.execute(t.app.database.db);
    return Number(rows[0]?.n ?? 0);
  }

  /** Certification to the end through the sandbox providers: both sides read and confirmed, the face checked. */
  async function certify(client: ApiClient): Promise<void> {
    await steps.confirmed(client);
    await steps.faceDone(client);
    expect((await client.call(h5FaceVerify, {})).response?.data).toMatchObject({ state: 'verified' });
  }

  it('gives an account with a row in every table said to be shown each of them in its copy and its list', async () => {
    // All through the real calls: signed up (session, sign-in record, consent, profile), a stranger's wrong
    // code for the number (a refused sign-in), certified (identity, photos), a card (inserted as binding
    // leaves it), points, a draw, a voucher, a redeem code, a message, the notice watermark, a question,
    // the new-user gift, and a friend invited who certifies (the invitation reward).
    const phone = uniquePhone();
    const client = await t.client();
    clock.advance(61_000);
    expect((await signUp(client, t.baseUrl, phone)).response?.code).toBe('200');
    const user = await t.app.accounts.repos.users.findByPhone(phone);
    const userId = user!.id;
    clock.advance(61_000);
    const stranger = await t.client();
    expect((await stranger.call(sendSmsCode, { phone, purpose: 'login' })).response?.code).toBe('200');
    const wrong = (await latestCode(t.baseUrl, phone)) === '000000' ? '111111' : '000000';
    expect((await stranger.call(userLoginV1, { phone, smsCode: wrong, agreementVersion: AGREEMENT_VERSION })).response?.subcode).toBe(SUBCODE.SMS_CODE_WRONG);
    // The refusal is recorded after its answer has gone (docs/api.md "Account security").
    await expect
      .poll(async () => (await t.app.database.db.selectFrom('login_events').select('result').where('user_id', '=', userId).execute()).map((e) => e.result))
      .toContain('code-wrong');

    await certify(client);
    await bindCard(userId);
    await t.app.database.db
      .transaction()
      .execute((trx) => t.app.rewards.ledger.credit({ userId, amount: 1_000, reason: 'operator-grant', key: key(), now: clock() }, trx));
    expect((await client.call(updateLuckyPoints, { idempotencyKey: key() })).response?.code).toBe('200');
    expect((await client.call(exchangePoints, { itemId: 'coupon-repay-10', idempotencyKey: key() })).response?.code).toBe('200');
    const { codes } = await t.app.rewards.operations.createBatch(
      { name: '个人信息测试批次', points: 5, count: 1, expires: chinaDate(clock() + 30 * 86_400_000) },
      'test',
      clock(),
    );
    expect((await client.call(redeemCode, { code: codes[0]!, idempotencyKey: key() })).response?.code).toBe('200');
    await t.app.content.messages.post(userId, { kind: 'system', title: '测试消息', body: '个人信息测试', dedupeKey: key() });
    const notice = await t.app.content.publishing.create('notice', { title: '个人信息测试通知', body: '正文' }, 'test', clock());
    await t.app.content.publishing.publish(notice.id, 'test', clock());
    clock.advance(1);
    expect((await client.call(clearUnreadNotice, {})).response).toMatchObject({ code: '200', data: { unreadNotices: 0 } });
    // A notice after the watermark, opened: read one by one (notice_item_reads).
    const later = await t.app.content.publishing.create('notice', { title: '个人信息测试通知二', body: '正文' }, 'test', clock());
    await t.app.content.publishing.publish(later.id, 'test', clock());
    clock.advance(1);
    expect((await client.call(noticeDetail, { id: later.id })).response?.code).toBe('200');
    expect((await client.call(askQuestion, { text: '如何导出我的个人信息？', idempotencyKey: key() })).response?.code).toBe('200');
    expect((await client.call(claimNewUserGift, { idempotencyKey: key() })).response?.code).toBe('200');
    const inviteCode = (await t.app.accounts.repos.profiles.findByUserId(userId))!.inviteCode;
    const friend = await t.client();
    clock.advance(61_000);
    expect((await signUp(friend, t.baseUrl, uniquePhone(), { inviteCode })).response?.code).toBe('200');
    await certify(friend);
    // The reward is paid on the friend's verification event, after its commit (docs/architecture.md "Side effects: the outbox").
    await t.app.outbox.drain();
    await expect
      .poll(async () => (await t.app.database.db.selectFrom('invite_rewards').select('at').where('inviter_id', '=', userId).execute()).length)
      .toBe(1);

    clock.advance(61_000);
    expect((await client.call(sendSmsCode, { purpose: 'export-data' })).response?.code).toBe('200');
    const grant = (await client.call(requestDataExport, { smsCode: await latestCode(t.baseUrl, phone) })).response;
    expect(grant?.code, JSON.stringify(grant)).toBe('200');
    const copy = (await client.call(downloadDataExport, { exportId: grant!.data!.exportId })).response!.data!;
    const list = Object.fromEntries((await client.call(personalInfoList)).response!.data!.items.map((item) => [item.kind, item]));

    const holds = (part: keyof PersonalDataExport): boolean => {
      const value: unknown = copy[part];
      if (part === 'points') return copy.points.entries.length > 0;
      if (part === 'notices') return copy.notices.readThrough !== null && copy.notices.read.length > 0;
      return Array.isArray(value) ? value.length > 0 : value !== null && value !== undefined;
    };
    const byName = new Map(tables.map((table) => [table.name, table]));
    for (const [name, shown] of Object.entries(SHOWN_TABLES) as [
      string,
      { copy: readonly (keyof PersonalDataExport)[]; list: readonly PersonalInfoKind[] },
    ][]) {
      const table = byName.get(name)!;
      if (name === 'telemetry_records') {
        // Analytics carry no account: said in both, never listed.
        expect(accountColumns(table)).toEqual([]);
        expect(copy.analytics.linked).toBe(false);
        expect(list.analytics?.status).toBe('not-linked');
        continue;
      }
      expect(await rowsOf(table, userId), `${name}: the account has a row there`).toBeGreaterThan(0);
      for (const part of shown.copy) expect(holds(part), `${name} in the copy's ${part}`).toBe(true);
      for (const kind of shown.list) expect(list[kind]?.status, `${name} in the list's ${kind}`).toBe('held');
    }
  });
});
