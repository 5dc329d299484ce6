// SPEC §7 message-list, message-read, message-unread behind the sealed pipeline: the session's own
// messages only (docs/api.md "Notices, messages and content").
import { messageList, messageRead, messageUnread } from '@tyd/protocol';
import type { FastifyInstance } from 'fastify';

export default async function messageRoutes(fastify: FastifyInstance): Promise<void> {
  const { messages } = fastify.content;
  fastify.apiRoute({
    endpoint: messageList,
    auth: 'required',
    handler: async ({ session, payload }) => messages.list(session.user.id, payload),
  });
  fastify.apiRoute({
    endpoint: messageRead,
    auth: 'required',
    handler: async ({ session, payload, now }) => messages.read(session.user.id, payload, now),
  });
  fastify.apiRoute({
    endpoint: messageUnread,
    auth: 'required',
    handler: async ({ session, now }) => messages.counts(session.user.id, now),
  });
}
