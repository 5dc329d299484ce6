import * as z from 'zod/mini';
import { API_PATH } from '../../paths.js';
import { defineEndpoint } from '../define-endpoint.js';
import { contentIdField } from '../content/content-fields.js';
import { unreadCountsSchema } from './message-fields.js';

/** message-read (SPEC §7): marks one message ({id}) or all of them ({all: true}) read; answers the counts left. */
export const messageRead = defineEndpoint({
  path: API_PATH.messageRead,
  request: z.strictObject({ id: z.optional(contentIdField), all: z.optional(z.literal(true)) }),
  response: unreadCountsSchema,
});
