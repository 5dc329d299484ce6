import * as z from 'zod/mini';
import { defineEndpoint } from '../define-endpoint.js';
import { API_PATH } from '../../paths.js';

/** A phone as stored and shown: first 3, ****, last 4 (SPEC §3, §5). */
export const MASKED_PHONE_PATTERN = /^\d{3}\*{4}\d{4}$/;

/**
 * checkLogin (SPEC §7): is the session valid? No payload. Without a valid session the answer is
 * code '401' without data, and the web clears the session (SPEC §4, §7 "Check login").
 */
export const checkLogin = defineEndpoint({
  path: API_PATH.checkLogin,
  request: z.strictObject({}),
  response: z.strictObject({
    loggedIn: z.literal(true),
    phone: z.string().check(z.regex(MASKED_PHONE_PATTERN)),
  }),
});
