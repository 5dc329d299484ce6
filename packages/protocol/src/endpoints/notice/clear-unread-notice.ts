import * as z from 'zod/mini';
import { API_PATH } from '../../paths.js';
import { defineEndpoint } from '../define-endpoint.js';

/** clear-unread-notice (SPEC §7): moves the user's read watermark to now; every notice published so far is read. */
export const clearUnreadNotice = defineEndpoint({
  path: API_PATH.clearUnreadNotice,
  request: z.strictObject({}),
  response: z.strictObject({ unreadNotices: z.int().check(z.minimum(0)) }),
});
