// A change and everything it calls in one transaction (db/ambient-transaction.ts), on both engines: queries
// and transactions opened inside join it, a throw undoes all of it, effects wait for the outer COMMIT, and
// other call chains are untouched meanwhile.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ambientTransaction, inTransaction } from './ambient-transaction.js';
import { afterCommit } from './commit-effects.js';
import { connectDatabase, type DatabaseHandle } from './connect.js';
import { ENGINES, createTestDatabase, type TestDatabase } from '../../test/support/test-databases.js';

describe.each(ENGINES)('inTransaction on %s', (engine) => {
  let database: TestDatabase;
  let handle: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    handle = connectDatabase(database.database);
    await sql`create table notes (id integer primary key, text varchar(40) not null)`.execute(handle.db);
  });
  afterAll(async () => {
    await handle?.close();
    await database?.drop();
  });

  const texts = async () =>
    (
      await handle.db
        .selectFrom('notes' as never)
        .select('text' as never)
        .orderBy('id' as never)
        .execute()
    ).map((r) => (r as { text: string }).text);
  const insert = (id: number, text: string) => sql`insert into notes (id, text) values (${id}, ${text})`.execute(handle.db);

  it('joins what the call chain opens, and a throw undoes every part of it', async () => {
    const ran: string[] = [];
    await expect(
      inTransaction(handle.db, async () => {
        await insert(1, 'direct');
        // A service opening its own transaction, as the repositories do.
        await handle.db.transaction().execute(async (trx) => {
          expect(trx).toBe(ambientTransaction());
          afterCommit(trx, () => ran.push('effect'));
          await sql`insert into notes (id, text) values (2, 'nested')`.execute(trx);
        });
        expect(await texts()).toEqual(['direct', 'nested']);
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    expect(await texts()).toEqual([]);
    expect(ran).toEqual([]);
  });

  it('commits every part together, running the effects after the outer COMMIT only', async () => {
    const ran: string[] = [];
    await inTransaction(handle.db, async () => {
      await insert(3, 'a');
      await handle.db.transaction().execute(async (trx) => afterCommit(trx, () => ran.push('effect')));
      expect(ran).toEqual([]);
    });
    expect(ran).toEqual(['effect']);
    expect(await texts()).toEqual(['a']);
    expect(ambientTransaction()).toBeUndefined();
  });
});
