// The operators' view of dead outbox events (docs/api.md "Outbox operations"; docs/operations.md "The
// outbox"): every operator sees them (viewer), since /ops shows what keeps failing to whoever watches it;
// retrying or discarding one is the administrators' (it decides what a person still gets), written to the
// audit like every state-changing /ops call. The same actions are `npm run admin -- outbox retry|discard`.
// Each call's address, body and answer are its endpoint object's in packages/protocol (endpoints/ops/outbox-ops.ts).
import { CODE, opsOutboxDead, opsOutboxDiscard, opsOutboxRetry, type OpsOutboxEvent } from '@tyd/protocol';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../http/api-error.js';
import { opsAnswer, opsRoute, parseOpsInput } from '../http/ops-api.js';
import type { OutboxRow } from './outbox-repository.js';

const LISTED = 100;
const ID = /^ev_[A-Za-z0-9_-]{16}$/;

/** An event as operators see it; never its payload (a message's text is the user's) nor its account. */
export function outboxEventView(row: OutboxRow): OpsOutboxEvent {
  const time = (ms: number | null) => (ms === null ? null : Number(ms));
  return {
    id: row.id,
    topic: row.topic,
    attempts: row.attempts,
    createdAt: Number(row.created_at),
    deadAt: time(row.dead_at),
    deliveredAt: time(row.delivered_at),
    lastError: row.last_error,
  };
}

const notDead = () =>
  new ApiError(CODE.NOT_FOUND, undefined, { httpStatus: 404, data: { reason: '该事件不在停止投递列表中（可能已被他人重试或丢弃），请刷新' } });

export default async function opsOutboxRoutes(fastify: FastifyInstance): Promise<void> {
  const repo = fastify.outbox.repo;
  const now = () => fastify.clock();
  const none = () => undefined;

  /** The dead event the path names, as it is now; 404 for a malformed id or one that is not dead. */
  async function deadEvent(request: FastifyRequest): Promise<OutboxRow> {
    const id = (request.params as { id?: string }).id ?? '';
    const row = ID.test(id) ? await repo.find(id) : undefined;
    if (!row || row.dead_at === null) throw notDead();
    return row;
  }

  opsRoute(fastify, opsOutboxDead, 'viewer', async (request, reply) =>
    opsAnswer(
      request,
      reply,
      opsOutboxDead,
      async () => {
        const [items, backlog] = await Promise.all([repo.deadEvents(LISTED), repo.backlog()]);
        return { items: items.map(outboxEventView), total: backlog.dead };
      },
      none,
    ),
  );

  opsRoute(fastify, opsOutboxRetry, 'administrator', async (request, reply) => {
    parseOpsInput(opsOutboxRetry, request.body);
    const before = await deadEvent(request);
    // Conditional on the event still being dead: of two operators retrying at once, one brings it back.
    if ((await repo.retryNow([before.id], now(), { deadOnly: true })) === 0) throw notDead();
    // Tried at once, as a request delivers its own events (waiting at most a moment; the worker has the rest).
    await fastify.outbox.deliver([before.id]);
    const after = await repo.find(before.id);
    const event = after ? outboxEventView(after) : { ...outboxEventView(before), deadAt: null };
    request.opsAudit = { targetId: before.id, before: outboxEventView(before), after: event };
    return opsAnswer(request, reply, opsOutboxRetry, async () => ({ event }), none);
  });

  opsRoute(fastify, opsOutboxDiscard, 'administrator', async (request, reply) => {
    parseOpsInput(opsOutboxDiscard, request.body);
    const [discarded] = await repo.discard([(await deadEvent(request)).id]);
    if (!discarded) throw notDead();
    const event = outboxEventView(discarded);
    request.opsAudit = { targetId: event.id, before: event, after: { discarded: true } };
    return opsAnswer(request, reply, opsOutboxDiscard, async () => ({ event }), none);
  });
}
