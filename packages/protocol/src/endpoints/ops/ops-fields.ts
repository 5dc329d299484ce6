// Fields every operators' call shares (docs/api.md "Content operations", "Rewards operations").
import * as z from 'zod/mini';
import { OPS_REASON_LIMITS } from '../../ops-audit.js';

/**
 * Accepted and ignored: the audit names the signed-in operator, never what a request says. Optional so a
 * page that still sends it is not refused; no call needs it.
 */
export const operatorField = z.optional(z.string().check(z.maxLength(64)));

/** Times are milliseconds since the epoch; counts and versions whole numbers. */
export const opsTimeField = z.int();

/** A reason an operator gives (a grant's, a rejection's), trimmed: OPS_REASON_LIMITS. */
export const opsReasonField = z.string().check(z.trim(), z.minLength(OPS_REASON_LIMITS.minChars), z.maxLength(OPS_REASON_LIMITS.maxChars));
