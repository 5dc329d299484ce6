// Uploads and their parts. Every read and write is scoped to the owning user, so an upload id alone
// (guessed, leaked, another account's) reaches nothing.
import type { Kysely, Selectable } from 'kysely';
import type { Executor } from '../../db/executor.js';
import type { Database, UploadsTable } from '../../db/schema.js';

export type UploadRow = Selectable<UploadsTable>;

export interface UploadsRepository {
  create(input: { id: string; userId: string; purpose: string; declaredSize: number; now: number; expiresAt: number }, trx?: Executor): Promise<void>;
  /** A photo a capability took (used), of this user only. */
  findUsed(id: string, userId: string, trx?: Executor): Promise<Selectable<UploadsTable> | undefined>;
  /**
   * Serialises the user's upload starts inside a transaction: a no-op update of the account row takes its
   * row lock on PostgreSQL and the write lock on SQLite, so a count that follows cannot be raced.
   */
  lockUser(userId: string, trx: Executor): Promise<void>;
  /** Unexpired uploads the user has not had used yet (open or finished). */
  countLive(userId: string, now: number, trx?: Executor): Promise<number>;
  /** The user's unfinished, unexpired upload. */
  findOpen(id: string, userId: string, now: number, trx?: Executor): Promise<UploadRow | undefined>;
  /**
   * Takes part `index` of `size` bytes: only when it is the next one, the upload is still open and the
   * total stays within the declared size; false otherwise (the loser of a race, too).
   */
  advance(input: { id: string; userId: string; index: number; size: number; now: number }, trx?: Executor): Promise<boolean>;
  insertPart(input: { uploadId: string; index: number; size: number; bytesEnc: string }, trx?: Executor): Promise<void>;
  parts(uploadId: string, trx?: Executor): Promise<Array<{ index: number; bytesEnc: string }>>;
  /** Stores the finished image and drops the parts; false when the upload was finished or removed meanwhile. */
  finish(
    input: {
      id: string;
      userId: string;
      now: number;
      contentType: 'image/jpeg' | 'image/png';
      width: number;
      height: number;
      orientation: number | null;
      storedSize: number;
      contentEnc: string;
    },
    trx?: Executor,
  ): Promise<boolean>;
  /** Marks a finished, unexpired, unused upload of one of `purposes` used; the row, or undefined. */
  claim(input: { id: string; userId: string; purposes: readonly string[]; now: number }, trx?: Executor): Promise<UploadRow | undefined>;
  delete(id: string, trx?: Executor): Promise<void>;
  /** Deletes unused uploads that expired at or before `now`; returns how many. */
  pruneExpired(now: number, trx?: Executor): Promise<number>;
}

export function createUploadsRepository(db: Kysely<Database>): UploadsRepository {
  return {
    async create({ id, userId, purpose, declaredSize, now, expiresAt }, trx = db) {
      await trx
        .insertInto('uploads')
        .values({
          id,
          user_id: userId,
          purpose,
          declared_size: declaredSize,
          received_bytes: 0,
          next_index: 0,
          created_at: now,
          expires_at: expiresAt,
          finished_at: null,
          used_at: null,
          content_type: null,
          width: null,
          height: null,
          orientation: null,
          stored_size: null,
          content_enc: null,
        })
        .execute();
    },
    async lockUser(userId, trx) {
      await trx
        .updateTable('users')
        .set((eb) => ({ updated_at: eb.ref('updated_at') }))
        .where('id', '=', userId)
        .execute();
    },
    async countLive(userId, now, trx = db) {
      const row = await trx
        .selectFrom('uploads')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('user_id', '=', userId)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },
    async findUsed(id, userId, trx = db) {
      return trx.selectFrom('uploads').selectAll().where('id', '=', id).where('user_id', '=', userId).where('used_at', 'is not', null).executeTakeFirst();
    },
    async findOpen(id, userId, now, trx = db) {
      return trx
        .selectFrom('uploads')
        .selectAll()
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .where('finished_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst();
    },
    async advance({ id, userId, index, size, now }, trx = db) {
      const result = await trx
        .updateTable('uploads')
        .set((eb) => ({ next_index: eb('next_index', '+', 1), received_bytes: eb('received_bytes', '+', size) }))
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .where('next_index', '=', index)
        .where('finished_at', 'is', null)
        .where('expires_at', '>', now)
        .where((eb) => eb(eb('received_bytes', '+', size), '<=', eb.ref('declared_size')))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    async insertPart({ uploadId, index, size, bytesEnc }, trx = db) {
      await trx.insertInto('upload_parts').values({ upload_id: uploadId, part_index: index, size, bytes_enc: bytesEnc }).execute();
    },
    async parts(uploadId, trx = db) {
      const rows = await trx.selectFrom('upload_parts').select(['part_index', 'bytes_enc']).where('upload_id', '=', uploadId).orderBy('part_index').execute();
      return rows.map((row) => ({ index: row.part_index, bytesEnc: row.bytes_enc }));
    },
    async finish({ id, userId, now, contentType, width, height, orientation, storedSize, contentEnc }, trx = db) {
      const result = await trx
        .updateTable('uploads')
        .set({ finished_at: now, content_type: contentType, width, height, orientation, stored_size: storedSize, content_enc: contentEnc })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .where('finished_at', 'is', null)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return false;
      await trx.deleteFrom('upload_parts').where('upload_id', '=', id).execute();
      return true;
    },
    async claim({ id, userId, purposes, now }, trx = db) {
      if (purposes.length === 0) return undefined;
      const result = await trx
        .updateTable('uploads')
        .set({ used_at: now })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .where('purpose', 'in', purposes)
        .where('finished_at', 'is not', null)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return undefined;
      return trx.selectFrom('uploads').selectAll().where('id', '=', id).executeTakeFirst();
    },
    async delete(id, trx = db) {
      await trx.deleteFrom('uploads').where('id', '=', id).execute();
    },
    async pruneExpired(now, trx = db) {
      const result = await trx.deleteFrom('uploads').where('used_at', 'is', null).where('expires_at', '<=', now).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
