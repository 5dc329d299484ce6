// Operators' passwords (docs/operations.md "Operators"), zod-free so the console's enrolment page states the
// rules before anyone types: the endpoint objects of endpoints/ops/operators-ops.ts and the server's
// passwordProblem check them.

/** NIST SP 800-63B §5.1.1.2: at least 8, and at least 64 allowed; here at least 12 for accounts that create money-like value. */
export const OPS_PASSWORD_LIMITS = { minChars: 12, maxChars: 128 } as const;
