// Account rules outside SMS: how long a deregistered account's identity record is kept, and the
// authorisation codes of authorised login (SPEC §2 /others/tydPreJump).
import { defineSection, whole, type SectionValue } from './section.js';

export const accountSection = defineSection({
  vars: {
    /** Years deregistered accounts' identity records are kept (revised PRC AML Law art. 40: at least 10). */
    RETENTION_YEARS: whole(1, 30).default(10),
    AUTH_CODE_TTL_SECONDS: whole(10, 600).default(120),
    /** Authorisation codes one session may mint per hour (authorized-code). */
    AUTH_CODE_MINTS_PER_HOUR: whole(1, 10_000).default(30),
  },
  build: (e) => ({
    retentionYears: e.RETENTION_YEARS,
    authCodeTtlMs: e.AUTH_CODE_TTL_SECONDS * 1000,
    authCodeMintsPerHour: e.AUTH_CODE_MINTS_PER_HOUR,
  }),
});
export type AccountConfig = SectionValue<typeof accountSection>;
