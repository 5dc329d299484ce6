// The content tables (db/migrations/2026-11-25-0900-content.ts): the only SQL of the content capability.
// Every method takes an optional transaction (STYLE.md "Boundaries"). Lists read one row past the page to
// know whether another page exists, ordered by (time, id) descending and continued strictly after the
// last (time, id) shown, so rows added while someone pages land before their first page, never inside it.
// A notice is unread by an account when it was published after the account's watermark (notice_reads) and
// was not read one by one (notice_item_reads, 2026-12-07-1200-notice-item-reads.ts): unreadBy, the one
// definition every count and mark uses.
import { PostgresIntrospector, sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { Executor } from '../../db/executor.js';
import type { ListPosition } from '../../lib/list-cursor.js';
import type { ContentAuditTable, ContentItemsTable, Database, MessagesTable } from '../../db/schema.js';
import type { Selectable } from 'kysely';

export type ContentItemRow = Selectable<ContentItemsTable>;
export type MessageRow = Selectable<MessagesTable>;
export type AuditRow = Selectable<ContentAuditTable>;
export type ContentKindValue = ContentItemRow['kind'];

/** The published items of a kind visible at `now`, newest first, after a list position (listVisible's rows). */
function visible(trx: Executor, kind: ContentKindValue, now: number, after: ListPosition | undefined, limit: number, opts: { importantOnly?: boolean }) {
  let query = trx
    .selectFrom('content_items')
    .where('kind', '=', kind)
    .where('state', '=', 'published')
    .where('publish_at', '<=', now)
    .orderBy('publish_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit);
  if (opts.importantOnly) query = query.where('important', '=', 1);
  if (after) query = query.where((eb) => eb.or([eb('publish_at', '<', after.at), eb.and([eb('publish_at', '=', after.at), eb('id', '<', after.id)])]));
  return query;
}

/** The content_items row is a notice `userId` has not read (see the top of this file). */
function unreadBy(userId: string) {
  return (eb: ExpressionBuilder<Database, 'content_items'>) =>
    eb.and([
      eb(
        'content_items.publish_at',
        '>',
        eb.fn.coalesce(eb.selectFrom('notice_reads').select('notice_reads.read_through').where('notice_reads.user_id', '=', userId), sql<number>`0`),
      ),
      eb.not(
        eb.exists(
          eb
            .selectFrom('notice_item_reads')
            .select('notice_item_reads.notice_id')
            .where('notice_item_reads.user_id', '=', userId)
            .whereRef('notice_item_reads.notice_id', '=', 'content_items.id'),
        ),
      ),
    ]);
}

export function createContentRepository(db: Kysely<Database>) {
  const onPostgres = db.introspection instanceof PostgresIntrospector;
  return {
    async findItem(id: string, trx: Executor = db): Promise<ContentItemRow | undefined> {
      return trx.selectFrom('content_items').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async insertItem(row: ContentItemRow, trx: Executor = db): Promise<void> {
      await trx.insertInto('content_items').values(row).execute();
    },

    /** Optimistic: only when the row is still at `version`; false when someone else changed it first. */
    async updateItem(id: string, version: number, changes: Partial<Omit<ContentItemRow, 'id' | 'version'>>, trx: Executor = db): Promise<boolean> {
      const result = await trx
        .updateTable('content_items')
        .set({ ...changes, version: version + 1 })
        .where('id', '=', id)
        .where('version', '=', version)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Everything of a kind (or all), newest change first, for the operators. */
    async listAll(kind: ContentKindValue | undefined, limit: number, trx: Executor = db): Promise<ContentItemRow[]> {
      let query = trx.selectFrom('content_items').selectAll().orderBy('updated_at', 'desc').orderBy('id', 'desc').limit(limit);
      if (kind) query = query.where('kind', '=', kind);
      return query.execute();
    },

    /** Published items of a kind visible at `now`, newest first, after `after`. */
    async listVisible(
      kind: ContentKindValue,
      now: number,
      after: ListPosition | undefined,
      limit: number,
      opts: { importantOnly?: boolean } = {},
      trx: Executor = db,
    ): Promise<ContentItemRow[]> {
      return visible(trx, kind, now, after, limit, opts).selectAll().execute();
    },

    /**
     * listVisible with whether `userId` has read each row (unreadBy) as `unread` (1 or 0), in one statement:
     * home's notice and 通知's list with their unread marks, not a read of their own each.
     */
    async listVisibleWithUnread(
      kind: ContentKindValue,
      now: number,
      after: ListPosition | undefined,
      limit: number,
      opts: { importantOnly?: boolean },
      userId: string,
      trx: Executor = db,
    ): Promise<Array<ContentItemRow & { unread: number | string }>> {
      return visible(trx, kind, now, after, limit, opts)
        .selectAll()
        .select((eb) => eb.case().when(unreadBy(userId)(eb)).then(1).else(0).end().as('unread'))
        .execute();
    },

    /**
     * Published FAQ entries visible at `now`, in the operators' order (sort_order, then the earlier
     * publication, then id): faq-list groups them by category in this order.
     */
    async listVisibleFaq(now: number, limit: number, trx: Executor = db): Promise<ContentItemRow[]> {
      return trx
        .selectFrom('content_items')
        .selectAll()
        .where('kind', '=', 'faq')
        .where('state', '=', 'published')
        .where('publish_at', '<=', now)
        .orderBy('sort_order', 'asc')
        .orderBy('publish_at', 'asc')
        .orderBy('id', 'asc')
        .limit(limit)
        .execute();
    },

    /**
     * Queues the notice publications of every process behind this transaction until it ends, so each
     * reads the notices out before it stamps its own (services/publishing.ts). PostgreSQL: an advisory
     * transaction lock. SQLite needs none: this process runs its transactions one at a time on its one
     * connection, and a transaction whose reads another process's commit made stale cannot write
     * (SQLITE_BUSY_SNAPSHOT), so it fails instead of stamping from a stale read.
     */
    async lockNoticeTimes(trx: Executor): Promise<void> {
      if (onPostgres) await sql`select pg_advisory_xact_lock(hashtext('content:notice-times'))`.execute(trx);
    },

    /**
     * The newest time of a notice that is or has been out, in any state since: due by `now`, or
     * published at once (publish_at <= updated_at, which is how a publication now is written, even when
     * its time is ahead of `now`: another server's clock, or a request that read its clock later).
     */
    async newestNoticeOutAt(now: number, trx: Executor = db): Promise<number | undefined> {
      const row = await trx
        .selectFrom('content_items')
        .select((eb) => eb.fn.max('publish_at').as('at'))
        .where('kind', '=', 'notice')
        .where((eb) => eb.or([eb('publish_at', '<=', now), eb('publish_at', '<=', eb.ref('updated_at'))]))
        .executeTakeFirst();
      return row?.at ?? undefined;
    },

    /** The time of the newest notice readers see at `now`. */
    async newestVisibleNoticeAt(now: number, trx: Executor = db): Promise<number | undefined> {
      const row = await trx
        .selectFrom('content_items')
        .select((eb) => eb.fn.max('publish_at').as('at'))
        .where('kind', '=', 'notice')
        .where('state', '=', 'published')
        .where('publish_at', '<=', now)
        .executeTakeFirst();
      return row?.at ?? undefined;
    },

    /**
     * Notices visible at `now` the user has not read (unreadBy), in one statement: the watermark and the
     * single reads are subqueries, not reads of their own (home and message-unread ask this on every visit).
     */
    async countUnreadNotices(userId: string, now: number, trx: Executor = db): Promise<number> {
      const row = await trx
        .selectFrom('content_items')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('kind', '=', 'notice')
        .where('state', '=', 'published')
        .where('publish_at', '<=', now)
        .where(unreadBy(userId))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /**
     * Marks one notice read by `userId` unless the watermark already covers it; an existing mark stays
     * (its first read time). One statement: the watermark is read inside it.
     */
    async markNoticeRead(userId: string, noticeId: string, now: number, trx: Executor = db): Promise<void> {
      await trx
        .insertInto('notice_item_reads')
        .columns(['user_id', 'notice_id', 'read_at'])
        .expression((eb) =>
          eb
            .selectFrom('content_items')
            .select([sql<string>`cast(${userId} as varchar(36))`.as('user_id'), 'content_items.id', sql<number>`cast(${now} as bigint)`.as('read_at')])
            .where('content_items.id', '=', noticeId)
            .where('content_items.kind', '=', 'notice')
            .where(unreadBy(userId)),
        )
        .onConflict((oc) => oc.columns(['user_id', 'notice_id']).doNothing())
        .execute();
    },

    /** Moves the watermark forward to `at`, never back (two clears racing keep the later one); single reads it covers go. */
    async markNoticesReadThrough(userId: string, at: number, trx: Executor = db): Promise<void> {
      await trx
        .insertInto('notice_reads')
        .values({ user_id: userId, read_through: at })
        .onConflict((oc) =>
          oc.column('user_id').doUpdateSet({
            read_through: sql<number>`case when notice_reads.read_through < excluded.read_through then excluded.read_through else notice_reads.read_through end`,
          }),
        )
        .execute();
      await trx
        .deleteFrom('notice_item_reads')
        .where('user_id', '=', userId)
        .where('notice_id', 'in', (eb) => eb.selectFrom('content_items').select('id').where('kind', '=', 'notice').where('publish_at', '<=', at))
        .execute();
    },

    /** Inserts unless the account already has a message with this dedupe hash; true when inserted. */
    async insertMessage(row: MessageRow, trx: Executor = db): Promise<boolean> {
      const inserted = await trx
        .insertInto('messages')
        .values(row)
        .onConflict((oc) => oc.columns(['user_id', 'dedupe_hash']).doNothing())
        .returning('id')
        .executeTakeFirst();
      return inserted !== undefined;
    },

    async findMessageByDedupe(userId: string, dedupeHash: string, trx: Executor = db): Promise<MessageRow | undefined> {
      return trx.selectFrom('messages').selectAll().where('user_id', '=', userId).where('dedupe_hash', '=', dedupeHash).executeTakeFirst();
    },

    async listMessages(userId: string, after: ListPosition | undefined, limit: number, trx: Executor = db): Promise<MessageRow[]> {
      let query = trx.selectFrom('messages').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit);
      if (after) query = query.where((eb) => eb.or([eb('created_at', '<', after.at), eb.and([eb('created_at', '=', after.at), eb('id', '<', after.id)])]));
      return query.execute();
    },

    /**
     * The account's unread messages and the notices visible at `now` past its watermark, in one statement
     * (message-unread and both message-reads answer with both); with `messageId`, also whether that message
     * is the account's, so marking one read needs no read of its own before the update.
     */
    async countUnread(userId: string, now: number, messageId?: string, trx: Executor = db): Promise<{ messages: number; notices: number; own: boolean }> {
      const row = await trx
        .selectNoFrom((eb) => [
          eb.selectFrom('messages').select(eb.fn.countAll<number | string>().as('n')).where('user_id', '=', userId).where('read_at', 'is', null).as('messages'),
          eb
            .selectFrom('content_items')
            .select(eb.fn.countAll<number | string>().as('n'))
            .where('kind', '=', 'notice')
            .where('state', '=', 'published')
            .where('publish_at', '<=', now)
            .where(unreadBy(userId))
            .as('notices'),
          messageId === undefined
            ? sql<number>`0`.as('own')
            : eb.selectFrom('messages').select(eb.fn.countAll<number | string>().as('n')).where('user_id', '=', userId).where('id', '=', messageId).as('own'),
        ])
        .executeTakeFirstOrThrow();
      return { messages: Number(row.messages), notices: Number(row.notices), own: messageId !== undefined && Number(row.own) > 0 };
    },

    /** Marks one message of this account read if it was unread; whether it is the account's at all is countUnread's `own`. */
    async markMessageRead(userId: string, id: string, now: number, trx: Executor = db): Promise<void> {
      await trx.updateTable('messages').set({ read_at: now }).where('user_id', '=', userId).where('id', '=', id).where('read_at', 'is', null).execute();
    },

    async markAllMessagesRead(userId: string, now: number, trx: Executor = db): Promise<void> {
      await trx.updateTable('messages').set({ read_at: now }).where('user_id', '=', userId).where('read_at', 'is', null).execute();
    },

    async insertImage(row: { id: string; content_type: 'image/jpeg' | 'image/png'; bytes_b64: string; created_at: number }, trx: Executor = db): Promise<void> {
      await trx.insertInto('content_images').values(row).execute();
    },

    async findImage(id: string, trx: Executor = db) {
      return trx.selectFrom('content_images').select(['content_type', 'bytes_b64']).where('id', '=', id).executeTakeFirst();
    },

    async insertAudit(row: AuditRow, trx: Executor = db): Promise<void> {
      await trx.insertInto('content_audit').values(row).execute();
    },

    async listAudit(contentId: string | undefined, limit: number, trx: Executor = db): Promise<AuditRow[]> {
      let query = trx.selectFrom('content_audit').selectAll().orderBy('at', 'desc').orderBy('version', 'desc').orderBy('id', 'desc').limit(limit);
      if (contentId) query = query.where('content_id', '=', contentId);
      return query.execute();
    },
  };
}

export type ContentRepository = ReturnType<typeof createContentRepository>;
