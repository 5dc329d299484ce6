// Shared fields of the help and customer-service endpoints (docs/api.md "Help and customer service"):
// the published 常见问题 grouped by category, and a user's own questions with their answers.
import * as z from 'zod/mini';
import { HELP_LIMITS, QUESTION_STATUSES } from '../../help.js';
import { contentIdField, listCursorField } from '../content/content-fields.js';

/** One published FAQ entry: the question, and the answer's Markdown rendered to safe HTML on the server (docs/architecture.md "Content"). */
export const faqEntrySchema = z.strictObject({
  id: contentIdField,
  question: z.string().check(z.minLength(1), z.maxLength(100)),
  html: z.string().check(z.maxLength(400_000)),
});

/** A category and its entries, in the operators' order. */
export const faqCategorySchema = z.strictObject({
  name: z.string().check(z.minLength(1), z.maxLength(HELP_LIMITS.faqCategoryChars)),
  items: z.array(faqEntrySchema),
});

/** Ids of questions (q_ and 16 base64url characters). */
export const questionIdField = z.string().check(z.regex(/^q_[A-Za-z0-9_-]{16}$/));

/**
 * A question as its asker sees it: 待回复 (open, answer null) or 已回复 (answered, with the answer and its
 * time). The limits count characters (helpTextLength); a schema counts UTF-16 units, twice as many for text
 * outside the BMP, hence the doubled bounds here.
 */
export const questionSchema = z.strictObject({
  id: questionIdField,
  text: z.string().check(z.minLength(1), z.maxLength(HELP_LIMITS.questionChars * 2)),
  status: z.enum(QUESTION_STATUSES),
  createdAt: z.number(),
  /** Plain text, null until answered. */
  answer: z.nullable(z.string().check(z.minLength(1), z.maxLength(HELP_LIMITS.answerChars * 2))),
  answeredAt: z.nullable(z.number()),
});

export const questionPageSchema = z.strictObject({ items: z.array(questionSchema), nextCursor: z.nullable(listCursorField) });
