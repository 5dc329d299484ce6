import * as z from 'zod/mini';
import { API_PATH } from '../../paths.js';
import { defineEndpoint } from '../define-endpoint.js';
import { idempotencyKeyField } from '../rewards/reward-fields.js';
import { questionSchema } from './help-fields.js';

/**
 * ask-question (session; not in SPEC §7): leaves a question for customer service. `text` is any string to
 * the schema: the server answers an empty one 400/4704 and one over HELP_LIMITS.questionChars 400/4705, so a
 * client gets a coded reason, not a schema failure. The same idempotency key answers the question it already
 * made (`repeated: true`); a new one counts against the account's questions of the China day (429/4706).
 */
export const askQuestion = defineEndpoint({
  path: API_PATH.askQuestion,
  request: z.strictObject({ text: z.string(), idempotencyKey: idempotencyKeyField }),
  response: z.strictObject({ question: questionSchema, repeated: z.boolean() }),
});
