import * as z from 'zod/mini';
import { API_PATH } from '../../paths.js';
import { defineEndpoint } from '../define-endpoint.js';
import { listRequestFields } from '../content/content-fields.js';
import { questionPageSchema } from './help-fields.js';

/** my-questions (session; not in SPEC §7): the account's own questions, newest first, with their answers. */
export const myQuestions = defineEndpoint({
  path: API_PATH.myQuestions,
  request: z.strictObject(listRequestFields),
  response: questionPageSchema,
});
