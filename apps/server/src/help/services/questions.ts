// Questions to customer service (docs/api.md "Help and customer service"): a signed-in user leaves one
// (checked, counted against the account's China day, once per press), reads their own with the answers;
// operators read them newest first with the asker's phone masked and answer each once. The answer is
// stored and its message (我的消息) written as an outbox event in the same transaction (docs/architecture.md
// "Side effects: the outbox"), so the person is told exactly once, and never of an answer that was not kept.
import { randomBytes } from 'node:crypto';
import { CODE, DAY_MS, HELP_LIMITS, SUBCODE, chinaDay, chinaDayEnd, helpTextLength, type QuestionStatus } from '@tyd/protocol';
import type { MessageInput } from '../../content/content-module.js';
import { ApiError } from '../../http/api-error.js';
import type { KvStore } from '../../kv/kv-store.js';
import { DEFAULT_PAGE_SIZE, type ListCursors } from '../../lib/list-cursor.js';
import type { Outbox } from '../../outbox/outbox.js';
import type { QuestionFilter, QuestionRow, QuestionsRepository } from '../repositories/questions-repository.js';

/** Where the asker reads the answer under their question. */
export const HELP_PAGE = '/mine/help';
/** Questions operators see at once. */
const OPS_LIST_LIMIT = 100;
/** A message's body holds 500 characters (services/messages.ts). */
const MESSAGE_BODY_MAX = 500;

/** A refusal of an operator's answer (docs/api.md "Help and customer service"). */
export class HelpInputError extends Error {
  override readonly name = 'HelpInputError';
  constructor(
    message: string,
    readonly kind: 'invalid' | 'not-found' | 'answered',
  ) {
    super(message);
  }
}

export interface QuestionView {
  id: string;
  text: string;
  status: QuestionStatus;
  createdAt: number;
  answer: string | null;
  answeredAt: number | null;
}

export interface OpsQuestionView extends QuestionView {
  /** Masked (SPEC §3), or null when the account is gone. */
  phone: string | null;
  answeredBy: string | null;
}

const view = (row: QuestionRow): QuestionView => ({
  id: row.id,
  text: row.text,
  status: row.answered_at === null ? 'open' : 'answered',
  createdAt: row.created_at,
  answer: row.answer,
  answeredAt: row.answered_at,
});

/** The answer as the message that brings it: the whole answer, and where to read it under the question. */
export function answeredMessage(questionId: string, answer: string): MessageInput {
  return { kind: 'service', title: '客服已回复您的提问', body: fitted(answer, MESSAGE_BODY_MAX), link: HELP_PAGE, dedupeKey: `help-answer:${questionId}` };
}

/**
 * `text` in at most `max` UTF-16 units, cut between characters with an ellipsis. An answer of
 * HELP_LIMITS.answerChars characters fits unless it has characters outside the BMP (two units each): a
 * message that could not be posted would be retried for ever, so it is cut, never refused.
 */
function fitted(text: string, max: number): string {
  if (text.length <= max) return text;
  let kept = '';
  for (const character of text) {
    if (kept.length + character.length > max - 1) break;
    kept += character;
  }
  return `${kept}…`;
}

export interface QuestionsDeps {
  repo: QuestionsRepository;
  outbox: Pick<Outbox, 'transaction'>;
  kv: Pick<KvStore, 'increment'>;
  cursors: ListCursors;
  /** The account's phone, masked (SPEC §3), or null when there is no such account. */
  maskedPhoneOf: (userId: string) => Promise<string | null>;
  /** An operator's name as the audit keeps it, or undefined (http/ops-api.ts). */
  operatorOf: (by: string) => string | undefined;
}

export function createQuestions(deps: QuestionsDeps) {
  const { repo, cursors } = deps;
  const listOf = (userId: string) => `questions:${userId}`;

  return {
    /**
     * Leaves a question. The text first (4704 empty, 4705 too long: nothing counted), then the press's key:
     * a press resent after a lost answer finds its question (`repeated`), and only a new question counts
     * against the China day, decided on the atomic increment's own result, so parallel asks cannot pass it.
     */
    async ask(userId: string, input: { text: string; idempotencyKey: string }, now: number): Promise<{ question: QuestionView; repeated: boolean }> {
      const text = input.text.trim();
      if (text.length === 0) throw new ApiError(CODE.BAD_REQUEST, SUBCODE.QUESTION_EMPTY);
      if (helpTextLength(text) > HELP_LIMITS.questionChars)
        throw new ApiError(CODE.BAD_REQUEST, SUBCODE.QUESTION_TOO_LONG, { data: { maxChars: HELP_LIMITS.questionChars } });
      const made = await repo.findByKey(userId, input.idempotencyKey);
      if (made) return { question: view(made), repeated: true };

      const day = chinaDay(now);
      const asked = await deps.kv.increment(`help:questions:${userId}:${day}`, DAY_MS + 3_600_000);
      if (asked > HELP_LIMITS.questionsPerDay)
        throw new ApiError(CODE.TOO_MANY_REQUESTS, SUBCODE.QUESTION_DAILY_LIMIT, {
          data: { retryAfterSeconds: Math.max(1, Math.ceil((chinaDayEnd(day) - now) / 1000)) },
        });
      const row: QuestionRow = {
        id: `q_${randomBytes(12).toString('base64url')}`,
        user_id: userId,
        idempotency_key: input.idempotencyKey,
        text,
        created_at: now,
        answer: null,
        answered_by: null,
        answered_at: null,
      };
      if (await repo.insert(row)) return { question: view(row), repeated: false };
      // The same press twice at once: the other one made it.
      const other = await repo.findByKey(userId, input.idempotencyKey);
      if (!other) throw new Error('help question: neither inserted nor found');
      return { question: view(other), repeated: true };
    },

    /** The account's own questions, newest first; the cursor is bound to the account (another's: 400/4701). */
    async listOwn(userId: string, input: { cursor?: string; limit?: number }) {
      const list = listOf(userId);
      const after = cursors.decode(input.cursor, list);
      const limit = input.limit ?? DEFAULT_PAGE_SIZE;
      const page = cursors.pageOf(await repo.listOwn(userId, after, limit + 1), limit, list, (row) => ({ at: row.created_at, id: row.id }));
      return { items: page.rows.map(view), nextCursor: page.nextCursor };
    },

    /** For operators: questions of a state, newest first, each with the asker's phone masked. */
    async list(filter: QuestionFilter): Promise<OpsQuestionView[]> {
      const rows = await repo.list(filter, OPS_LIST_LIMIT);
      return Promise.all(rows.map(async (row) => ({ ...view(row), phone: await deps.maskedPhoneOf(row.user_id), answeredBy: row.answered_by })));
    },

    /**
     * Answers a question once. The answer and the asker's message commit together or not at all; a question
     * answered already, by a parallel answer too, is refused (409/4708) and nothing of this one is kept.
     */
    async answer(id: string, answer: string, actor: string, now: number): Promise<OpsQuestionView> {
      const by = deps.operatorOf(actor);
      if (by === undefined) throw new HelpInputError('回复人（by）：1 至 64 个字母、数字、空格或 . _ @ -', 'invalid');
      const text = answer.trim();
      if (text.length === 0 || helpTextLength(text) > HELP_LIMITS.answerChars)
        throw new HelpInputError(`回复（answer）：1 至 ${HELP_LIMITS.answerChars} 个字符`, 'invalid');
      const answered = await deps.outbox.transaction(async (trx, emit) => {
        const row = await repo.find(id, trx);
        if (!row) throw new HelpInputError(`没有问题 ${id}`, 'not-found');
        if (row.answered_at !== null || !(await repo.answer(id, { text, by, at: now }, trx)))
          throw new HelpInputError(`${id} 已有回复，请刷新查看`, 'answered');
        await emit('message', answeredMessage(id, text), row.user_id);
        return { ...row, answer: text, answered_by: by, answered_at: now };
      });
      return { ...view(answered), phone: await deps.maskedPhoneOf(answered.user_id), answeredBy: answered.answered_by };
    },
  };
}

export type Questions = ReturnType<typeof createQuestions>;
