import * as z from 'zod/mini';
import { API_PATH } from '../../paths.js';
import { defineEndpoint } from '../define-endpoint.js';
import { contentPageSchema, listRequestFields } from './content-fields.js';

/** new-information-info-v1 (SPEC §7): the discover articles, newest first (home shows the first few). */
export const newInformationInfo = defineEndpoint({
  path: API_PATH.newInformationInfo,
  request: z.strictObject(listRequestFields),
  response: contentPageSchema,
});
