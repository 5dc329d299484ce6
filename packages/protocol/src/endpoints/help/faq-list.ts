import * as z from 'zod/mini';
import { API_PATH } from '../../paths.js';
import { defineEndpoint } from '../define-endpoint.js';
import { faqCategorySchema } from './help-fields.js';

/**
 * faq-list (no session needed; not in SPEC §7): the published 常见问题 for 帮助与客服, grouped by category.
 * Categories come in the order of their first entry, entries by the operators' order; drafts, unpublished
 * and not-yet-due entries are not in it.
 */
export const faqList = defineEndpoint({
  path: API_PATH.faqList,
  request: z.strictObject({}),
  response: z.strictObject({ categories: z.array(faqCategorySchema) }),
});
