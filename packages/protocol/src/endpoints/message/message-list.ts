import * as z from 'zod/mini';
import { API_PATH } from '../../paths.js';
import { defineEndpoint } from '../define-endpoint.js';
import { listRequestFields } from '../content/content-fields.js';
import { messagePageSchema } from './message-fields.js';

/** message-list (SPEC §7): the user's own messages, newest first. */
export const messageList = defineEndpoint({
  path: API_PATH.messageList,
  request: z.strictObject(listRequestFields),
  response: messagePageSchema,
});
