import * as z from 'zod/mini';
import { API_PATH } from '../../paths.js';
import { defineEndpoint } from '../define-endpoint.js';
import { unreadCountsSchema } from './message-fields.js';

/** message-unread (SPEC §7): unread messages and notices, for the badges on home and 我的. */
export const messageUnread = defineEndpoint({
  path: API_PATH.messageUnread,
  request: z.strictObject({}),
  response: unreadCountsSchema,
});
