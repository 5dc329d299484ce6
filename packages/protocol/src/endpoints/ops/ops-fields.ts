// Fields every operators' call shares (docs/api.md "Content operations", "Rewards operations").
import * as z from 'zod/mini';

/**
 * Who acts, named in every change (the admin token is shared; `by` is what the audit keeps). 1–64
 * characters here; the server also trims it and allows letters, digits, spaces and `. _ @ -` only.
 */
export const operatorField = z.string().check(z.minLength(1), z.maxLength(64));

/** Times are milliseconds since the epoch; counts and versions whole numbers. */
export const opsTimeField = z.int();
