// The operators' calls on dead outbox events (docs/api.md "Outbox operations"; docs/operations.md "The
// outbox"): events whose every attempt failed, parked until an operator acts. Every operator sees them;
// only administrators retry or discard one (apps/server/src/outbox/ops-outbox-routes.ts). The payload is
// never shown: it may hold a message's text, which is the user's.
import * as z from 'zod/mini';
import { OPS_PATH } from '../../ops-paths.js';
import { defineOpsEndpoint } from '../define-endpoint.js';
import { opsTimeField } from './ops-fields.js';

/** An outbox event as operators see it: what it is for, how often it was tried and the last error (class and message). */
export const opsOutboxEventSchema = z.strictObject({
  id: z.string(),
  topic: z.string(),
  attempts: z.int().check(z.gte(0)),
  createdAt: opsTimeField,
  /** When it was parked as dead; null once retried. */
  deadAt: z.nullable(opsTimeField),
  /** Null until delivered. */
  deliveredAt: z.nullable(opsTimeField),
  lastError: z.nullable(z.string()),
});
export type OpsOutboxEvent = z.output<typeof opsOutboxEventSchema>;

/** GET: the dead events, in the order they were parked, at most 100; `total` counts them all. */
export const opsOutboxDead = defineOpsEndpoint({
  method: 'GET',
  path: OPS_PATH.outboxDead,
  request: z.strictObject({}),
  response: z.strictObject({ items: z.array(opsOutboxEventSchema), total: z.int().check(z.gte(0)) }),
});

/**
 * Administrators: a dead event back into delivery with its attempts counted afresh, tried at once; the
 * answer is the event after that try (delivered, failing again, or dead again). Not dead (any more): 404.
 */
export const opsOutboxRetry = defineOpsEndpoint({
  method: 'POST',
  path: OPS_PATH.outboxRetry,
  request: z.strictObject({}),
  response: z.strictObject({ event: opsOutboxEventSchema }),
});

/** Administrators: deletes a dead event, nothing delivered (the audit keeps what it was). Not dead (any more): 404. */
export const opsOutboxDiscard = defineOpsEndpoint({
  method: 'POST',
  path: OPS_PATH.outboxDiscard,
  request: z.strictObject({}),
  response: z.strictObject({ event: opsOutboxEventSchema }),
});
