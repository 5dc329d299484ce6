import * as z from 'zod/mini';
import { API_PATH } from '../../paths.js';
import { defineEndpoint } from '../define-endpoint.js';
import { contentDetailSchema, contentIdField } from './content-fields.js';

/** tyd-notice-detail (SPEC §7): a published announcement or discover article to read (/discover/notice, /discover/detail). */
export const tydNoticeDetail = defineEndpoint({
  path: API_PATH.tydNoticeDetail,
  request: z.strictObject({ id: contentIdField }),
  response: contentDetailSchema,
});
