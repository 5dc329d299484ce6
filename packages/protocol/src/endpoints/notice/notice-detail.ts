import * as z from 'zod/mini';
import { API_PATH } from '../../paths.js';
import { defineEndpoint } from '../define-endpoint.js';
import { contentDetailSchema, contentIdField } from '../content/content-fields.js';

/** notice-detail (SPEC §7): a published notice or announcement to read. */
export const noticeDetail = defineEndpoint({
  path: API_PATH.noticeDetail,
  request: z.strictObject({ id: contentIdField }),
  response: contentDetailSchema,
});
