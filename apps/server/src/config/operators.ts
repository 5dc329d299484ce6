// Operators of /ops (docs/operations.md "Operators"): how long a session lives without use and at most
// (NIST SP 800-63B §4.2.3, AAL2: reauthentication at least every 12 hours and after 30 minutes idle), how
// failed sign-ins lock a name (§5.2.2 rate limiting), and above how many points a redeem batch waits for a
// second operator's approval.
import { defineSection, whole, type SectionValue } from './section.js';

export const operatorsSection = defineSection({
  vars: {
    OPS_SESSION_IDLE_MINUTES: whole(1, 30).default(30),
    OPS_SESSION_MAX_HOURS: whole(1, 12).default(12),
    OPS_SIGN_IN_FREE_FAILURES: whole(1, 20).default(5),
    OPS_APPROVAL_POINTS: whole(0, 100_000_000).default(10_000),
  },
  build: (e) => ({
    sessionIdleMs: e.OPS_SESSION_IDLE_MINUTES * 60_000,
    sessionMaxMs: e.OPS_SESSION_MAX_HOURS * 3_600_000,
    freeFailures: e.OPS_SIGN_IN_FREE_FAILURES,
    approvalPoints: e.OPS_APPROVAL_POINTS,
  }),
});
export type OperatorsConfig = SectionValue<typeof operatorsSection>;
