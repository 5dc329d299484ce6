// Delivery of side effects (docs/architecture.md "Side effects: the outbox"; docs/operations.md "The
// outbox"): how often each process's worker looks for due events, how long a delivery may hold an event
// before another process takes it over and how long one delivery may run within that, the retry back-off,
// after how many attempts an event is parked as dead, and how long delivered events are kept.
import { z } from 'zod';
import { defineSection, millis, whole, type SectionValue } from './section.js';

export const outboxSection = defineSection({
  vars: {
    OUTBOX_POLL_MS: millis(1_000),
    // Longer than any delivery takes (each is a few local queries, bounded by DATABASE_STATEMENT_TIMEOUT_MS).
    OUTBOX_LEASE_SECONDS: whole(1, 3_600).default(60),
    // Unset: half the lease, so a delivery given up at its limit still records that within its lease.
    OUTBOX_DELIVERY_TIMEOUT_MS: z.coerce.number().int().min(1).max(3_600_000).optional(),
    OUTBOX_RETRY_BASE_SECONDS: whole(1, 3_600).default(5),
    OUTBOX_RETRY_MAX_SECONDS: whole(1, 86_400).default(3_600),
    // At the default back-off, 20 attempts span about 10.4 hours (85 minutes to reach the hourly retries).
    OUTBOX_MAX_ATTEMPTS: whole(1, 1_000).default(20),
    OUTBOX_KEEP_DELIVERED_DAYS: whole(1, 365).default(7),
  },
  check: (e) => [
    e.OUTBOX_RETRY_MAX_SECONDS < e.OUTBOX_RETRY_BASE_SECONDS && 'OUTBOX_RETRY_MAX_SECONDS: at least OUTBOX_RETRY_BASE_SECONDS',
    e.OUTBOX_DELIVERY_TIMEOUT_MS !== undefined &&
      e.OUTBOX_DELIVERY_TIMEOUT_MS >= e.OUTBOX_LEASE_SECONDS * 1000 &&
      'OUTBOX_DELIVERY_TIMEOUT_MS: less than OUTBOX_LEASE_SECONDS (a delivery must end, or be given up, while its lease holds)',
  ],
  build: (e) => ({
    pollMs: e.OUTBOX_POLL_MS,
    leaseMs: e.OUTBOX_LEASE_SECONDS * 1000,
    deliveryTimeoutMs: e.OUTBOX_DELIVERY_TIMEOUT_MS ?? (e.OUTBOX_LEASE_SECONDS * 1000) / 2,
    retryBaseMs: e.OUTBOX_RETRY_BASE_SECONDS * 1000,
    retryMaxMs: e.OUTBOX_RETRY_MAX_SECONDS * 1000,
    maxAttempts: e.OUTBOX_MAX_ATTEMPTS,
    // A request waits this long for its own events' delivery, then answers; the delivery goes on.
    inlineWaitMs: 2_000,
    keepDeliveredMs: e.OUTBOX_KEEP_DELIVERED_DAYS * 86_400_000,
  }),
});
export type OutboxConfig = SectionValue<typeof outboxSection>;
