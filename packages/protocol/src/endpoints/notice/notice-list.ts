import * as z from 'zod/mini';
import { API_PATH } from '../../paths.js';
import { defineEndpoint } from '../define-endpoint.js';
import { contentPageSchema, listRequestFields } from '../content/content-fields.js';

/** notice-list (SPEC §7): notices (default) or announcements, newest first; notices carry `unread` with a session. */
export const noticeList = defineEndpoint({
  path: API_PATH.noticeList,
  request: z.strictObject({ kind: z.optional(z.enum(['notice', 'announcement'])), ...listRequestFields }),
  response: contentPageSchema,
});
