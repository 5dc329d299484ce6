// The operators' customer-service calls (docs/api.md "Help and customer service"): the users' questions,
// newest first with the asker's phone masked, and answering one, once. Plain JSON behind the admin token at
// OPS_PATH's help addresses, like the content calls.
import * as z from 'zod/mini';
import { HELP_LIMITS, QUESTION_STATUSES } from '../../help.js';
import { OPS_PATH } from '../../ops-paths.js';
import { defineOpsEndpoint } from '../define-endpoint.js';
import { operatorField, opsTimeField } from './ops-fields.js';

/** A question as operators see it: who asked (masked, SPEC §3), what, and the answer once given, with who gave it. */
export const opsQuestionSchema = z.strictObject({
  id: z.string(),
  /** 3+4+4 masked (SPEC §3); null when the account is gone. */
  phone: z.nullable(z.string().check(z.regex(/^1[0-9]{2}\*{4}[0-9]{4}$/))),
  text: z.string(),
  status: z.enum(QUESTION_STATUSES),
  createdAt: opsTimeField,
  answer: z.nullable(z.string()),
  answeredBy: z.nullable(z.string()),
  answeredAt: z.nullable(opsTimeField),
});
export type OpsQuestion = z.output<typeof opsQuestionSchema>;

/** GET: the questions of a status (default `open`: 待回复), newest first, at most 100. */
export const opsHelpQuestions = defineOpsEndpoint({
  method: 'GET',
  path: OPS_PATH.helpQuestions,
  request: z.strictObject({ status: z.optional(z.enum([...QUESTION_STATUSES, 'all'])) }),
  response: z.strictObject({ items: z.array(opsQuestionSchema) }),
});

/**
 * Answers a question, once: plain text of 1 to HELP_LIMITS.answerChars characters (the server trims it and
 * counts characters), which reaches the asker as a message (我的消息) and under the question. A question
 * answered already, by another operator at the same moment too, is refused 409/4708.
 */
export const opsHelpAnswer = defineOpsEndpoint({
  method: 'POST',
  path: OPS_PATH.helpQuestionAnswer,
  request: z.strictObject({ by: operatorField, answer: z.string().check(z.minLength(1), z.maxLength(HELP_LIMITS.answerChars * 2)) }),
  response: opsQuestionSchema,
});
