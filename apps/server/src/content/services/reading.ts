// What readers get (SPEC §7 content and notice paths; docs/api.md "Notices, messages and content"):
// published items visible at the server's clock, newest first, by cursor; a notice is unread when it was
// published after the account's watermark and not opened since (notice-detail with a session marks it read,
// wherever it was opened from: the 通知 list, home's banner). Counts are counted, not kept: they are exact
// whatever runs in parallel.
import { CODE, HELP_LIMITS, SUBCODE, type ContentKind } from '@tyd/protocol';
import { ApiError } from '../../http/api-error.js';
import type { ContentItemRow, ContentRepository } from '../repositories/content-repository.js';
import { DEFAULT_PAGE_SIZE, type ListCursors } from '../../lib/list-cursor.js';

export interface ContentSummary {
  id: string;
  kind: ContentKind;
  title: string;
  summary: string;
  important: boolean;
  publishedAt: number;
  unread?: boolean;
}

export interface ContentDetail {
  id: string;
  kind: ContentKind;
  title: string;
  html: string;
  publishedAt: number;
  updatedAt: number;
}

const publishedAt = (row: ContentItemRow) => row.publish_at ?? 0;

/** The kinds readers list and open by id; FAQ entries are read through faq-list alone. */
const isReaderKind = (kind: ContentItemRow['kind']): kind is ContentKind => kind !== 'faq';

/** `unread`: with a reader, whether they have read this notice (repository unreadBy); ignored for other kinds. */
export function summaryOf(row: ContentItemRow, unread?: boolean): ContentSummary {
  if (!isReaderKind(row.kind)) throw new Error(`summaryOf: ${row.kind} is not listed to readers`);
  const summary: ContentSummary = {
    id: row.id,
    kind: row.kind,
    title: row.title,
    summary: row.summary,
    important: row.important === 1,
    publishedAt: publishedAt(row),
  };
  if (unread !== undefined && row.kind === 'notice') summary.unread = unread;
  return summary;
}

export function createReading(repo: ContentRepository, cursors: ListCursors) {
  return {
    async list(kind: ContentKind, input: { cursor?: string; limit?: number }, now: number, userId?: string) {
      // One list per kind, the same for everyone: a cursor is bound to the kind, not to the reader.
      const after = cursors.decode(input.cursor, kind);
      const limit = input.limit ?? DEFAULT_PAGE_SIZE;
      if (kind === 'notice' && userId) {
        // With a reader, each notice with whether it is read, in the same statement.
        const rows = await repo.listVisibleWithUnread(kind, now, after, limit + 1, {}, userId);
        const page = cursors.pageOf(rows, limit, kind, (row) => ({ at: publishedAt(row), id: row.id }));
        return { items: page.rows.map(({ unread, ...row }) => summaryOf(row, Number(unread) === 1)), nextCursor: page.nextCursor };
      }
      const rows = await repo.listVisible(kind, now, after, limit + 1);
      const page = cursors.pageOf(rows, limit, kind, (row) => ({ at: publishedAt(row), id: row.id }));
      return { items: page.rows.map((row) => summaryOf(row)), nextCursor: page.nextCursor };
    },

    /**
     * A published item of one of `kinds` visible at `now`, else 4702 (drafts, unpublished, not yet due look the
     * same). A notice opened by a reader (`userId`) is read from now on, wherever it was opened from.
     */
    async detail(id: string, kinds: readonly ContentKind[], now: number, userId?: string): Promise<ContentDetail> {
      const row = await repo.findItem(id);
      if (!row || !isReaderKind(row.kind) || !kinds.includes(row.kind) || row.state !== 'published' || row.publish_at === null || row.publish_at > now) {
        throw new ApiError(CODE.NOT_FOUND, SUBCODE.CONTENT_NOT_FOUND);
      }
      if (userId && row.kind === 'notice') await repo.markNoticeRead(userId, row.id, now);
      return { id: row.id, kind: row.kind, title: row.title, html: row.body_html, publishedAt: row.publish_at, updatedAt: row.updated_at };
    },

    /**
     * The published 常见问题 by category (docs/api.md "Help and customer service"): categories in the order of
     * their first entry, entries in the operators' order. The same for everyone, with or without a session.
     */
    async faq(now: number): Promise<{ categories: { name: string; items: { id: string; question: string; html: string }[] }[] }> {
      const categories = new Map<string, { id: string; question: string; html: string }[]>();
      for (const row of await repo.listVisibleFaq(now, HELP_LIMITS.faqEntries)) {
        const name = row.category ?? '其他';
        const items = categories.get(name) ?? [];
        items.push({ id: row.id, question: row.title, html: row.body_html });
        categories.set(name, items);
      }
      return { categories: [...categories].map(([name, items]) => ({ name, items })) };
    },

    async latestImportantNotice(now: number, userId?: string): Promise<ContentSummary | null> {
      // With a reader, whether it is read comes with the notice (one statement on every home visit).
      if (userId) {
        const [row] = await repo.listVisibleWithUnread('notice', now, undefined, 1, { importantOnly: true }, userId);
        if (!row) return null;
        const { unread, ...item } = row;
        return summaryOf(item, Number(unread) === 1);
      }
      const [row] = await repo.listVisible('notice', now, undefined, 1, { importantOnly: true });
      return row ? summaryOf(row) : null;
    },

    /**
     * Every notice this request sees is read: the watermark goes to the newest one's time, not to `now`,
     * so a notice whose publication commits after this read (stamped later than any notice out,
     * services/publishing.ts) stays unread. The count left: 0 unless one came out meanwhile.
     */
    async clearUnreadNotices(userId: string, now: number): Promise<number> {
      const newest = await repo.newestVisibleNoticeAt(now);
      if (newest !== undefined) await repo.markNoticesReadThrough(userId, newest);
      return repo.countUnreadNotices(userId, now);
    },
  };
}

export type Reading = ReturnType<typeof createReading>;
