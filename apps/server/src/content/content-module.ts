// Notices, messages and content (SPEC §1, §7; docs/architecture.md "Content"): reading (published items
// by the server's clock, the notice watermark), personal messages and the one call other capabilities
// post them with, and publishing (admin command, /ops). Decorates the instance as fastify.content.
//
// Other capabilities post a message as an outbox event, in the transaction of the change it tells of
// (docs/architecture.md "Side effects: the outbox"):
//   const id = await fastify.outbox.emit(trx, 'message', { kind, title, body, link?, dedupeKey }, userId)
// and this module delivers it through messages.post, idempotent on dedupeKey per account (a redelivered
// event posts once). Account posts one on a sign-in from a new device and on a phone change; identity
// certification results, bank-card bind/unbind and every reward do the same.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Secrets } from '../config/index.js';
import { deriveKey } from '../lib/derived-keys.js';
import type { Outbox } from '../outbox/outbox.js';
import { createListCursors } from '../lib/list-cursor.js';
import { createContentRepository, type ContentRepository } from './repositories/content-repository.js';
import { createMessages, type Messages } from './services/messages.js';
import { createPublishing, type Publishing } from './services/publishing.js';
import { createReading, type Reading } from './services/reading.js';

import type { MessageInput } from './services/messages.js';
export type { MessageInput } from './services/messages.js';

declare module '../outbox/outbox.js' {
  interface OutboxTopics {
    /** A personal message for the event's account. */
    message: MessageInput;
  }
}

/**
 * The outbox's `message` topic posts through `messages` (the server's, or the admin command's), stamped with
 * the event's time (the change it tells of), not the delivery's: a message retried for an hour still sorts
 * among the others where its change happened.
 */
export function deliverMessages(outbox: Pick<Outbox, 'on'>, messages: Pick<Messages, 'post'>): void {
  outbox.on('message', async (message, delivery) => {
    if (delivery.userId === null) throw new Error('a message event without an account');
    await messages.post(delivery.userId, message, delivery.createdAt);
  });
}
/** For the admin command, which runs without the server (admin/content-cli.ts). */
export { createContentRepository, createPublishing, type Publishing };

/** Messages' dedupe keys are hashed under this key, the server's and the admin command's alike. */
const messagesKey = (secrets: Pick<Secrets, 'cookieSecret'>) => deriveKey(secrets.cookieSecret, 'message-dedupe');

/** Posting messages without the server, for the admin command (an operator's grant tells its user: rewards-module.ts). */
export function createMessagesOutsideServer(repo: ContentRepository, secrets: Pick<Secrets, 'cookieSecret'>, clock: () => number): Messages {
  return createMessages(repo, { dedupeKey: messagesKey(secrets), clock, cursors: createListCursors(secrets.cookieSecret) });
}

export interface ContentService {
  reading: Reading;
  messages: Messages;
  publishing: Publishing;
}

declare module 'fastify' {
  interface FastifyInstance {
    content: ContentService;
  }
}

export default fp(
  async (fastify: FastifyInstance, opts: { secrets: Pick<Secrets, 'cookieSecret'> }) => {
    const repo = createContentRepository(fastify.database.db);
    const cursors = createListCursors(opts.secrets.cookieSecret);
    const messages = createMessages(repo, { dedupeKey: messagesKey(opts.secrets), clock: () => fastify.clock(), cursors });
    deliverMessages(fastify.outbox, messages);
    fastify.decorate('content', {
      reading: createReading(repo, cursors),
      messages,
      publishing: createPublishing(fastify.database.db, repo),
    });
  },
  { name: 'content', fastify: '5.x', dependencies: ['database', 'clock', 'outbox'] },
);
