// Analytics collector and retention (docs/telemetry.md "Collector limits"; docs/operations.md "Analytics,
// deep links and the operations view").
import { MAX_BATCH_BYTES } from '@tyd/protocol';
import { defineSection, whole, type SectionValue } from './section.js';

export const telemetrySection = defineSection({
  vars: {
    TELEMETRY_RETENTION_DAYS: whole(1, 3_650).default(90),
    TELEMETRY_RATE_LIMIT_PER_MINUTE: whole(1, 1_000_000).default(600),
    // Bytes, not only batches: 600 batches of 60 KB let one address write 36 MB a minute. Per address
    // (IPv6: per /64) and minute at least one full batch; per China day what the collector may store in
    // all (the disk's share for analytics).
    TELEMETRY_BYTES_PER_ADDRESS_PER_MINUTE: whole(MAX_BATCH_BYTES, 1_000_000_000).default(3_000_000),
    TELEMETRY_STORED_BYTES_PER_DAY: whole(10_000, 1_000_000_000_000).default(1_000_000_000),
  },
  build: (e) => ({
    retentionDays: e.TELEMETRY_RETENTION_DAYS,
    rateLimitPerMinute: e.TELEMETRY_RATE_LIMIT_PER_MINUTE,
    bytesPerAddressPerMinute: e.TELEMETRY_BYTES_PER_ADDRESS_PER_MINUTE,
    storedBytesPerDay: e.TELEMETRY_STORED_BYTES_PER_DAY,
  }),
});
export type TelemetryConfig = SectionValue<typeof telemetrySection>;
