import { describe, expect, it } from 'vitest';
import { CODE_TEXT, SUBCODE } from '../../codes.js';
import { HELP_LIMITS, helpTextLength } from '../../help.js';
import { parseRequest, parseResponseData } from '../define-endpoint.js';
import { messageSchema } from '../message/message-fields.js';
import { askQuestion } from './ask-question.js';
import { faqList } from './faq-list.js';
import { myQuestions } from './my-questions.js';
import * as z from 'zod/mini';

const KEY = 'k3yOfSixteenChars_-';
const open = { id: 'q_0123456789abcdef', text: '怎么修改手机号？', status: 'open', createdAt: 1_764_000_000_000, answer: null, answeredAt: null } as const;
const answered = { ...open, status: 'answered', answer: '在“我的”里选择“更换手机号”。', answeredAt: 1_764_000_060_000 } as const;

describe('help endpoints', () => {
  it('ask-question takes any text and a key, nothing else: emptiness and length are the server’s coded refusals', () => {
    // The schema passes what the server refuses with its own codes (4704, 4705), so a client sees a reason.
    for (const text of ['', '   ', '问'.repeat(HELP_LIMITS.questionChars + 1), '怎么还款？']) {
      expect(parseRequest(askQuestion, { text, idempotencyKey: KEY }).ok, text.slice(0, 10)).toBe(true);
    }
    expect(parseRequest(askQuestion, { text: '问题' })).toEqual({ ok: false, issues: ['idempotencyKey: invalid_type'] });
    expect(parseRequest(askQuestion, { text: '问题', idempotencyKey: 'short' })).toEqual({ ok: false, issues: ['idempotencyKey: invalid_format'] });
    expect(parseRequest(askQuestion, { text: 7, idempotencyKey: KEY }).ok).toBe(false);
    expect(parseRequest(askQuestion, { text: '问题', idempotencyKey: KEY, userId: 'u_other' }).ok).toBe(false);
  });

  it('my-questions takes a cursor and a limit only: no account to ask about', () => {
    expect(parseRequest(myQuestions, {}).ok).toBe(true);
    expect(parseRequest(myQuestions, { cursor: 'abc', limit: 20 }).ok).toBe(true);
    expect(parseRequest(myQuestions, { userId: 'u_other' }).ok).toBe(false);
    expect(parseRequest(myQuestions, { limit: 51 }).ok).toBe(false);
  });

  it('answers have their exact shape: 待回复 without an answer, 已回复 with one', () => {
    expect(parseResponseData(askQuestion, { question: open, repeated: false }).ok).toBe(true);
    expect(parseResponseData(myQuestions, { items: [answered, open], nextCursor: null }).ok).toBe(true);
    expect(parseResponseData(myQuestions, { items: [{ ...open, status: 'closed' }], nextCursor: null }).ok).toBe(false);
    expect(parseResponseData(myQuestions, { items: [{ ...open, phone: '138****5678' }], nextCursor: null }).ok).toBe(false);
    expect(parseResponseData(myQuestions, { items: [{ ...open, id: 'm_0123456789abcdef' }], nextCursor: null }).ok).toBe(false);
    expect(parseResponseData(faqList, { categories: [] }).ok).toBe(true);
    const entry = { id: 'f_0123456789abcdef', question: '如何还款？', html: '<p>在借款详情页点击“还款”。</p>\n' };
    expect(parseResponseData(faqList, { categories: [{ name: '还款', items: [entry] }] }).ok).toBe(true);
    expect(parseResponseData(faqList, { categories: [{ name: '', items: [entry] }] }).ok).toBe(false);
    expect(parseResponseData(faqList, { categories: [{ name: '还款', items: [{ ...entry, body: '**md**' }] }] }).ok).toBe(false);
  });

  it('counts characters as a person does, and the texts say the limit the code enforces', () => {
    expect(helpTextLength('  问题  ')).toBe(2);
    expect(helpTextLength('👍👍')).toBe(2);
    expect('👍👍'.length).toBe(4);
    expect(CODE_TEXT[SUBCODE.QUESTION_TOO_LONG]).toContain(String(HELP_LIMITS.questionChars));
    // An answer is also the body of the message that brings it (at most 500 characters).
    const bodyMax = z.safeParse(messageSchema.shape.body, 'x'.repeat(HELP_LIMITS.answerChars));
    expect(bodyMax.success).toBe(true);
  });
});
