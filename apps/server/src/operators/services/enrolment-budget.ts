// How many refused enrolment calls one client address gets (docs/operations.md "Operators"): a link's token
// is 256 random bits, so guessing one is hopeless anyway; the budget keeps a client that tries from costing
// the server more than a few lookups, and a wrong code or password from the link's holder is refused as often
// as they need within it. Counted before the call is looked at, marked good when it went through, in fixed
// hour windows of the server's clock (as rewards/services/redeem-codes.ts counts redeem codes), so parallel
// attempts cannot buy more than the budget.
import type { KvStore } from '../../kv/kv-store.js';

const HOUR_MS = 3_600_000;
/** Refused enrolment calls (unknown, used or expired links, wrong codes, refused passwords) per address per hour. */
export const ENROLMENT_REFUSALS_PER_HOUR = 30;

/** An attempt counted: `good()` when it was not refused. `retryAfterSeconds` is set when the address is out of budget (nothing checked). */
export type EnrolmentAttempt = { locked: true; retryAfterSeconds: number } | { locked: false; good(): Promise<void> };

export function createEnrolmentBudget(kv: KvStore) {
  return {
    async attempt(address: string, now: number): Promise<EnrolmentAttempt> {
      const window = Math.floor(now / HOUR_MS);
      const key = `ops-enrolment:${address}:${window}`;
      const attempts = await kv.increment(`${key}:tries`, HOUR_MS + 60_000);
      const good = Number((await kv.get(`${key}:good`)) ?? 0);
      // Attempts still in flight count as refused until they say otherwise.
      if (attempts - 1 - good >= ENROLMENT_REFUSALS_PER_HOUR) {
        return { locked: true, retryAfterSeconds: Math.max(1, Math.ceil(((window + 1) * HOUR_MS - now) / 1000)) };
      }
      return { locked: false, good: async () => void (await kv.increment(`${key}:good`, HOUR_MS + 60_000)) };
    },
  };
}
export type EnrolmentBudget = ReturnType<typeof createEnrolmentBudget>;
