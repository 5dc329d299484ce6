// What the new-user gift holds (docs/api.md "New-user gift"): lines of points or one voucher of an item.
// Operators replace the whole package at once (a package is read as one thing), kept with who and when
// in reward_changes.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Executor } from '../../db/executor.js';
import type { Database } from '../../db/schema.js';

/** One line of the gift: exactly one of points and itemId. */
export type GiftLine = { points: number; itemId: null } | { points: null; itemId: string };

export interface GiftContentsRepository {
  /** The package, in the order the page lists it. */
  list(trx?: Executor): Promise<GiftLine[]>;
  /** Replaces the package (an empty one closes the gift), kept in reward_changes. */
  replace(lines: GiftLine[], operator: string, now: number): Promise<void>;
}

export function createGiftContentsRepository(db: Kysely<Database>): GiftContentsRepository {
  return {
    async list(trx = db) {
      const rows = await trx.selectFrom('gift_contents').selectAll().orderBy('position').orderBy('id').execute();
      return rows.map((row): GiftLine => (row.item_id !== null ? { points: null, itemId: row.item_id } : { points: row.points ?? 0, itemId: null }));
    },
    async replace(lines, operator, now) {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('gift_contents').execute();
        if (lines.length > 0) {
          await trx
            .insertInto('gift_contents')
            .values(lines.map((line, index) => ({ id: randomUUID(), points: line.points, item_id: line.itemId, position: index + 1 })))
            .execute();
        }
        await trx
          .insertInto('reward_changes')
          .values({ id: randomUUID(), subject: 'gift', subject_id: 'gift', operator, change: JSON.stringify(lines), at: now })
          .execute();
      });
    },
  };
}
