// A deregistered account must not survive in the SQLite files (PIPL art. 47): neither in the main file's
// free pages nor in the WAL, from which the phone could be decrypted with the data key. The raw bytes of the
// `.sqlite` and `-wal` files are searched for the user's encrypted phone, phone hash and token hashes.
import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestCode, signUp, testClock, type TestClock } from '../support/accounts.js';
import { createSession, uniquePhone } from '../support/factories.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { sendSmsCode, cancelAccount, verifyPhone, savePhone } from '@tyd/protocol';

describe('deregistration on a SQLite file', () => {
  let t: TestApp;
  let clock: TestClock;
  beforeAll(async () => {
    clock = testClock();
    t = await startTestApp({ engine: 'sqlite', clock, env: { HUMAN_CHECK_IP_PER_HOUR: '100000' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  const fileBytes = (suffix: '' | '-wal') => {
    if (t.config.storage.database.kind !== 'sqlite') throw new Error('sqlite expected');
    try {
      return readFileSync(`${t.config.storage.database.file}${suffix}`);
    } catch {
      return Buffer.alloc(0);
    }
  };

  it('leaves no encrypted phone, phone hash or token hash in the database file or its WAL', async () => {
    const phone = uniquePhone();
    const client = await t.client();
    await signUp(client, t.baseUrl, phone);
    const user = await t.app.accounts.repos.users.findByPhone(phone);
    if (!user) throw new Error('no user');
    await createSession(t.app.accounts.repos, user);
    const db = t.app.database.db;
    const row = (await sql<{ phone_enc: string; phone_hash: string }>`select phone_enc, phone_hash from users where id = ${user.id}`.execute(db)).rows[0];
    const tokens = (await sql<{ token_hash: string }>`select token_hash from sessions where user_id = ${user.id}`.execute(db)).rows.map((r) => r.token_hash);
    const traces = [row?.phone_enc, row?.phone_hash, ...tokens].filter((v): v is string => typeof v === 'string' && v.length > 0);
    expect(traces).toHaveLength(4);
    // Copy the account into the main file too, so both places a deleted row can linger are exercised.
    await sql`pragma wal_checkpoint(passive)`.execute(db);
    const before = Buffer.concat([fileBytes(''), fileBytes('-wal')]);
    for (const trace of traces) expect(before.includes(trace), 'written before deregistration').toBe(true);

    clock.advance(61_000);
    expect((await client.call(sendSmsCode, { purpose: 'deregister' })).response?.code).toBe('200');
    expect((await client.call(cancelAccount, { smsCode: await latestCode(t.baseUrl, phone) })).response?.code).toBe('200');

    for (const suffix of ['', '-wal'] as const) {
      const bytes = fileBytes(suffix);
      for (const trace of traces) expect(bytes.includes(trace), `tyd.sqlite${suffix}`).toBe(false);
    }
    expect(fileBytes('-wal').length).toBe(0);
    // The server keeps working on the truncated WAL.
    expect((await signUp(await t.client(), t.baseUrl, uniquePhone())).response?.code).toBe('200');
  });

  it('a phone change leaves no trace of the old number in the database file or its WAL', async () => {
    const oldPhone = uniquePhone();
    const newPhone = uniquePhone();
    const client = await t.client();
    await signUp(client, t.baseUrl, oldPhone);
    const user = await t.app.accounts.repos.users.findByPhone(oldPhone);
    if (!user) throw new Error('no user');
    const db = t.app.database.db;
    const row = (await sql<{ phone_enc: string; phone_hash: string }>`select phone_enc, phone_hash from users where id = ${user.id}`.execute(db)).rows[0];
    const traces = [row?.phone_enc, row?.phone_hash].filter((v): v is string => typeof v === 'string' && v.length > 0);
    expect(traces).toHaveLength(2);
    await sql`pragma wal_checkpoint(passive)`.execute(db);
    for (const trace of traces) expect(Buffer.concat([fileBytes(''), fileBytes('-wal')]).includes(trace), 'written before the change').toBe(true);

    clock.advance(61_000);
    expect((await client.call(sendSmsCode, { purpose: 'verify-phone' })).response?.code).toBe('200');
    const verified = await client.call(verifyPhone, { smsCode: await latestCode(t.baseUrl, oldPhone) });
    const verifyTicket = (verified.response?.data as { verifyTicket: string }).verifyTicket;
    expect((await client.call(sendSmsCode, { purpose: 'change-phone', phone: newPhone })).response?.code).toBe('200');
    const saved = await client.call(savePhone, { phone: newPhone, smsCode: await latestCode(t.baseUrl, newPhone), verifyTicket });
    expect(saved.response?.code).toBe('200');

    for (const suffix of ['', '-wal'] as const) {
      const bytes = fileBytes(suffix);
      for (const trace of traces) expect(bytes.includes(trace), `tyd.sqlite${suffix}`).toBe(false);
    }
  });
});
