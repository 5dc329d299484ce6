// Personal messages (SPEC §7 message-list, message-read, message-unread). Other capabilities post them
// through the content module's one call (docs/architecture.md "Modules": `fastify.content.messages.post`),
// idempotent on a dedupe key: the key is stored only as an HMAC under a key of its own, so a key built
// from, say, a device's address and browser family reveals neither.
import { createHmac, randomBytes } from 'node:crypto';
import { CODE, SUBCODE, type MessageKind } from '@tyd/protocol';
import { ApiError } from '../../http/api-error.js';
import type { ContentRepository, MessageRow } from '../repositories/content-repository.js';
import { DEFAULT_PAGE_SIZE, type ListCursors } from '../../lib/list-cursor.js';

export interface MessageInput {
  kind: MessageKind;
  /** At most 60 characters. */
  title: string;
  /** At most 500 characters, plain text. */
  body: string;
  /** A path on this site (e.g. /mine/identity), shown as 查看详情. */
  link?: string;
  /** Same key, same account: posted once (a retried event, the same device logging in again). */
  dedupeKey: string;
}

export interface MessageView {
  id: string;
  kind: MessageKind;
  title: string;
  body: string;
  link: string | null;
  createdAt: number;
  readAt: number | null;
}

/** A path on this site only: messages never send anyone elsewhere. */
const LINK = /^\/(?![/\\])[A-Za-z0-9\-._~/?=&%]{0,199}$/;

export function createMessages(repo: ContentRepository, opts: { dedupeKey: Buffer; clock: () => number; cursors: ListCursors }) {
  const hashOf = (userId: string, dedupeKey: string) => createHmac('sha256', opts.dedupeKey).update(`${userId}\n${dedupeKey}`).digest('hex');
  const view = (row: MessageRow): MessageView => ({
    id: row.id,
    kind: row.kind,
    title: row.title,
    body: row.body,
    link: row.link,
    createdAt: row.created_at,
    readAt: row.read_at,
  });

  /** Unread messages and notices, counted in one statement (content-repository.ts countUnread). */
  async function counts(userId: string, now: number) {
    const { messages, notices } = await repo.countUnread(userId, now);
    return { messages, notices, total: messages + notices };
  }

  return {
    /**
     * Posts a message to one account, stamped `at` (now unless given); `posted` false when this dedupe key was
     * posted before. A programming error throws (bad title, link). The outbox gives the time of the change
     * the message tells of, so one delivered late (retried) still sorts where it happened.
     */
    async post(userId: string, input: MessageInput, at = opts.clock()): Promise<{ id: string; posted: boolean }> {
      if (input.title.length < 1 || input.title.length > 60 || input.body.length > 500) throw new Error('message: title 1..60, body at most 500 characters');
      if (input.link !== undefined && !LINK.test(input.link)) throw new Error('message: the link must be a path on this site');
      if (input.dedupeKey.length < 1) throw new Error('message: a dedupe key is required');
      const dedupeHash = hashOf(userId, input.dedupeKey);
      const row: MessageRow = {
        id: `m_${randomBytes(12).toString('base64url')}`,
        user_id: userId,
        kind: input.kind,
        title: input.title,
        body: input.body,
        link: input.link ?? null,
        dedupe_hash: dedupeHash,
        created_at: at,
        read_at: null,
      };
      if (await repo.insertMessage(row)) return { id: row.id, posted: true };
      const existing = await repo.findMessageByDedupe(userId, dedupeHash);
      return { id: existing?.id ?? row.id, posted: false };
    },

    async list(userId: string, input: { cursor?: string; limit?: number }) {
      const list = `messages:${userId}`;
      const after = opts.cursors.decode(input.cursor, list);
      const limit = input.limit ?? DEFAULT_PAGE_SIZE;
      const page = opts.cursors.pageOf(await repo.listMessages(userId, after, limit + 1), limit, list, (row) => ({ at: row.created_at, id: row.id }));
      return { items: page.rows.map(view), nextCursor: page.nextCursor };
    },

    /** One message ({id}: 404/4703 unless this account's) or all of them. */
    async read(userId: string, input: { id?: string; all?: true }, now: number) {
      if ((input.id === undefined) === (input.all === undefined))
        throw new ApiError(CODE.BAD_REQUEST, SUBCODE.BAD_PAYLOAD, { detail: 'message-read: id or all, exactly one' });
      if (input.id !== undefined) {
        // The update touches only this account's row, so it can run first; the counts that answer the call
        // then say whether the message is the account's at all (another's or none: 404, nothing changed).
        await repo.markMessageRead(userId, input.id, now);
        const { messages, notices, own } = await repo.countUnread(userId, now, input.id);
        if (!own) throw new ApiError(CODE.NOT_FOUND, SUBCODE.MESSAGE_NOT_FOUND);
        return { messages, notices, total: messages + notices };
      }
      await repo.markAllMessagesRead(userId, now);
      return counts(userId, now);
    },

    counts,
  };
}

export type Messages = ReturnType<typeof createMessages>;
