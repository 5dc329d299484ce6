// Operators of /ops (docs/operations.md "Operators"): how long a session lives without use and at most
// (NIST SP 800-63B §4.2.3, AAL2: reauthentication at least every 12 hours and after 30 minutes idle), how
// failed sign-ins lock a name (§5.2.2 rate limiting) and how many sign-in attempts one address gets;
// maker-checker (docs/operations.md "Approvals"): above how many points an operator's grants and batches,
// summed over a rolling window, wait for a second operator, and how long a request waits before it expires;
// and how long an enrolment link stays usable (NIST SP 800-63B §6.1.2.1: an authenticator bound by an
// out-of-band link is bound only while the link is fresh).
import { defineSection, whole, type SectionValue } from './section.js';

/** The window of OPS_SIGN_IN_PER_ADDRESS: attempts from one address per 15 minutes. */
const SIGN_IN_ADDRESS_WINDOW_MS = 15 * 60_000;

export const operatorsSection = defineSection({
  vars: {
    OPS_SESSION_IDLE_MINUTES: whole(1, 30).default(30),
    OPS_SESSION_MAX_HOURS: whole(1, 12).default(12),
    OPS_SIGN_IN_FREE_FAILURES: whole(1, 20).default(5),
    OPS_SIGN_IN_PER_ADDRESS: whole(1, 10_000).default(20),
    OPS_APPROVAL_POINTS: whole(0, 100_000_000).default(10_000),
    OPS_APPROVAL_WINDOW_HOURS: whole(1, 24 * 31).default(24),
    OPS_APPROVAL_HOURS: whole(1, 24 * 31).default(72),
    OPS_ENROLMENT_HOURS: whole(1, 168).default(24),
  },
  build: (e) => ({
    sessionIdleMs: e.OPS_SESSION_IDLE_MINUTES * 60_000,
    sessionMaxMs: e.OPS_SESSION_MAX_HOURS * 3_600_000,
    freeFailures: e.OPS_SIGN_IN_FREE_FAILURES,
    signInPerAddress: e.OPS_SIGN_IN_PER_ADDRESS,
    signInAddressWindowMs: SIGN_IN_ADDRESS_WINDOW_MS,
    approvalPoints: e.OPS_APPROVAL_POINTS,
    approvalWindowMs: e.OPS_APPROVAL_WINDOW_HOURS * 3_600_000,
    approvalTtlMs: e.OPS_APPROVAL_HOURS * 3_600_000,
    enrolmentMs: e.OPS_ENROLMENT_HOURS * 3_600_000,
  }),
});
export type OperatorsConfig = SectionValue<typeof operatorsSection>;
