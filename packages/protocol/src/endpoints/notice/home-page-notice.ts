import * as z from 'zod/mini';
import { API_PATH } from '../../paths.js';
import { defineEndpoint } from '../define-endpoint.js';
import { contentSummarySchema } from '../content/content-fields.js';

/** home-page-notice (SPEC §7): the latest important notice for the home banner, or null. */
export const homePageNotice = defineEndpoint({
  path: API_PATH.homePageNotice,
  request: z.strictObject({}),
  response: z.strictObject({ notice: z.nullable(contentSummarySchema) }),
});
