// Help and customer service (docs/api.md "Help and customer service"): the limits of a question a user
// leaves and of an operator's answer, and of the FAQ entries operators publish, shared by the schemas,
// the server's checks and the web's forms so the three cannot disagree. Zod-free, for @tyd/protocol/wire.

export const HELP_LIMITS = {
  /** Characters (Unicode code points, after trimming) of a question: 1 to this. */
  questionChars: 500,
  /** Characters of an operator's answer (plain text, it is also the message's body). */
  answerChars: 450,
  /** Questions one account may leave in a China day (docs/api.md "China time"). */
  questionsPerDay: 5,
  /** Characters of an FAQ entry's category (常见问题 are grouped by it). */
  faqCategoryChars: 20,
  /** An FAQ entry's order within its category: 0 (first) to this. */
  faqOrderMax: 9999,
  /** Published FAQ entries the help page lists at most. */
  faqEntries: 200,
} as const;

/**
 * The length of a question or an answer as a person counts it: the characters of the trimmed text, an
 * emoji or a character outside the BMP as one (not as two UTF-16 units, as `String.length` would).
 */
export function helpTextLength(text: string): number {
  return [...text.trim()].length;
}

/** A question's state as the user sees it: 待回复 until an operator answers, then 已回复 (once, for good). */
export const QUESTION_STATUSES = ['open', 'answered'] as const;
export type QuestionStatus = (typeof QUESTION_STATUSES)[number];
export const QUESTION_STATUS_TEXT: Readonly<Record<QuestionStatus, string>> = { open: '待回复', answered: '已回复' };
