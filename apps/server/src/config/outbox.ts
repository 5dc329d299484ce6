// Delivery of side effects (docs/architecture.md "Side effects: the outbox"; docs/operations.md "The
// outbox"): how often each process's worker looks for due events, how long a delivery may hold an event
// before another process takes it over, the retry back-off and how long delivered events are kept.
import { defineSection, millis, whole, type SectionValue } from './section.js';

export const outboxSection = defineSection({
  vars: {
    OUTBOX_POLL_MS: millis(1_000),
    // Longer than any delivery takes (each is a few local queries, bounded by DATABASE_STATEMENT_TIMEOUT_MS).
    OUTBOX_LEASE_SECONDS: whole(1, 3_600).default(60),
    OUTBOX_RETRY_BASE_SECONDS: whole(1, 3_600).default(5),
    OUTBOX_RETRY_MAX_SECONDS: whole(1, 86_400).default(3_600),
    OUTBOX_KEEP_DELIVERED_DAYS: whole(1, 365).default(7),
  },
  check: (e) => [e.OUTBOX_RETRY_MAX_SECONDS < e.OUTBOX_RETRY_BASE_SECONDS && 'OUTBOX_RETRY_MAX_SECONDS: at least OUTBOX_RETRY_BASE_SECONDS'],
  build: (e) => ({
    pollMs: e.OUTBOX_POLL_MS,
    leaseMs: e.OUTBOX_LEASE_SECONDS * 1000,
    retryBaseMs: e.OUTBOX_RETRY_BASE_SECONDS * 1000,
    retryMaxMs: e.OUTBOX_RETRY_MAX_SECONDS * 1000,
    // A request waits this long for its own events' delivery, then answers; the delivery goes on.
    inlineWaitMs: 2_000,
    keepDeliveredMs: e.OUTBOX_KEEP_DELIVERED_DAYS * 86_400_000,
  }),
});
export type OutboxConfig = SectionValue<typeof outboxSection>;
