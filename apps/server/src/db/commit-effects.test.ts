// Effects registered in a transaction run once it committed, never when it rolled back (db/commit-effects.ts).
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { afterCommit } from './commit-effects.js';
import { connectDatabase } from './connect.js';

describe('afterCommit', () => {
  const handle = connectDatabase({ kind: 'sqlite', file: ':memory:' });
  afterAll(() => handle.close());

  it('runs after COMMIT, not before, and at once outside a transaction', async () => {
    const ran: string[] = [];
    await handle.db.transaction().execute(async (trx) => {
      afterCommit(trx, () => ran.push('in transaction'));
      await sql`select 1`.execute(trx);
      expect(ran).toEqual([]);
    });
    expect(ran).toEqual(['in transaction']);
    afterCommit(handle.db, () => ran.push('outside'));
    expect(ran).toEqual(['in transaction', 'outside']);
  });

  it('drops the effects of a transaction that rolled back', async () => {
    const ran: string[] = [];
    await expect(
      handle.db.transaction().execute(async (trx) => {
        afterCommit(trx, () => ran.push('rolled back'));
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    await handle.db.transaction().execute(async () => undefined);
    expect(ran).toEqual([]);
  });
});
