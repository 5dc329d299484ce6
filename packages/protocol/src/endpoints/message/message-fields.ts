import * as z from 'zod/mini';
import { contentIdField, listCursorField } from '../content/content-fields.js';

/** What a personal message is about (docs/architecture.md "Modules": other capabilities post them). */
/** `service`: customer service answered the account's question (docs/api.md "Help and customer service"). */
export const MESSAGE_KINDS = ['security', 'identity', 'bank-card', 'rewards', 'system', 'service'] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

export const messageSchema = z.strictObject({
  id: contentIdField,
  kind: z.enum(MESSAGE_KINDS),
  title: z.string().check(z.minLength(1), z.maxLength(60)),
  body: z.string().check(z.maxLength(500)),
  /** A path on this site to go on to, or null. */
  link: z.nullable(z.string().check(z.maxLength(200))),
  createdAt: z.number(),
  readAt: z.nullable(z.number()),
});

export const unreadCountsSchema = z.strictObject({
  messages: z.int().check(z.minimum(0)),
  notices: z.int().check(z.minimum(0)),
  /** messages + notices: the badge on home and 我的. */
  total: z.int().check(z.minimum(0)),
});

export const messagePageSchema = z.strictObject({ items: z.array(messageSchema), nextCursor: z.nullable(listCursorField) });
