// Shared fields of the content, notice and message endpoints (SPEC §7; docs/api.md "Notices, messages and
// content"). Lists page by an opaque cursor (the position after the last item shown: its time and id), so
// items published while a user pages never repeat or go missing.
import * as z from 'zod/mini';
import { CONTENT_ID_PATTERN } from '../../content-ids.js';

/** Ids of notices, announcements, articles and messages. */
export const contentIdField = z.string().check(z.regex(CONTENT_ID_PATTERN));

/**
 * An opaque list position from a previous answer's nextCursor (docs/protocol.md "List cursors"). Any string
 * passes the schema: the server answers every cursor it did not hand out for that list 400/4701, whatever
 * its shape, so a client needs no rule about what a cursor looks like.
 */
export const listCursorField = z.string();

/** Items per page (default 20). */
export const listLimitField = z.int().check(z.minimum(1), z.maximum(50));

export const CONTENT_KINDS = ['notice', 'announcement', 'article'] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];

/** What a list shows of a notice, an announcement or an article. */
export const contentSummarySchema = z.strictObject({
  id: contentIdField,
  kind: z.enum(CONTENT_KINDS),
  title: z.string().check(z.minLength(1), z.maxLength(100)),
  /** Plain text, the start of the article unless the author wrote one. */
  summary: z.string().check(z.maxLength(200)),
  /** Shown as the home banner (notices). */
  important: z.boolean(),
  publishedAt: z.number(),
  /** Notices only, with a session: published after the user's read watermark. */
  unread: z.optional(z.boolean()),
});

/** One item to read: its Markdown rendered on the server to safe HTML (docs/architecture.md "Content"). */
export const contentDetailSchema = z.strictObject({
  id: contentIdField,
  kind: z.enum(CONTENT_KINDS),
  title: z.string().check(z.minLength(1), z.maxLength(100)),
  html: z.string().check(z.maxLength(400_000)),
  publishedAt: z.number(),
  updatedAt: z.number(),
});

export const contentPageSchema = z.strictObject({
  items: z.array(contentSummarySchema),
  /** null: the last page. */
  nextCursor: z.nullable(listCursorField),
});

export const listRequestFields = { cursor: z.optional(listCursorField), limit: z.optional(listLimitField) };
