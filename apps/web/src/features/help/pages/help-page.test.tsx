// /mine/help as a person sees it (STYLE.md "Tests"): the service phone to tap with its hours, 常见问题 by
// category opening on a tap, 我要提问 for a signed-in person (refusals said under the field, one question per
// press, a lost answer resent under the same key) and a login offer for a visitor, 我的提问 with 待回复 and
// 已回复 and the answer under its question. Answers built through the endpoints' response schemas.
import { API, CODE, HELP_LIMITS, SUBCODE, type ApiResponse } from '@tyd/protocol/wire';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TransportError } from '../../../lib/api-errors';
import { createRouter, type Router } from '../../../lib/router';
import { RouterContext } from '../../../lib/router-react';
import { clearQueries } from '../../../lib/server-state';
import { clearSession, startSession } from '../../../lib/session';
import { resetWebConfig } from '../../../lib/web-config';
import { answer, answerData } from '../../../test/api-answers';
import HelpPage from './help-page';

const api = vi.hoisted(() => ({ request: vi.fn(), call: vi.fn() }));
vi.mock('../../../lib/api-client', async () => (await import('../../../test/api-answers')).checkedClient(api));

// 2026-11-24 10:00 and 10:30 in Beijing.
const ASKED = Date.UTC(2026, 10, 24, 2);
const ANSWERED = Date.UTC(2026, 10, 24, 2, 30);
const FAQ = answerData(API.faqList, {
  categories: [
    {
      name: '还款',
      items: [
        {
          id: 'f_repay0000000001',
          question: '如何还款？',
          html: '<p>在借款详情页点击“还款”。如有疑问请致电 <a href="tel:4000000000">400-000-0000</a>。</p>\n',
        },
        { id: 'f_repay0000000002', question: '可以提前还款吗？', html: '<p>可以，不收手续费。</p>\n' },
      ],
    },
    { name: '账户', items: [{ id: 'f_account00000001', question: '如何更换手机号？', html: '<p>在“我的”中选择“更换手机号”。</p>\n' }] },
  ],
});
const QUESTIONS = answerData(API.myQuestions, {
  items: [
    { id: 'q_AAAAAAAAAAAAAAA2', text: '额度怎么提升？', status: 'open', createdAt: ASKED, answer: null, answeredAt: null },
    {
      id: 'q_AAAAAAAAAAAAAAA1',
      text: '借款什么时候到账？',
      status: 'answered',
      createdAt: ASKED - 86_400_000,
      answer: '审核通过后一般2小时内到账。',
      answeredAt: ANSWERED,
    },
  ],
  nextCursor: null,
});

function pageConfig(operator: unknown) {
  document.getElementById('tyd-config')?.remove();
  const script = document.createElement('script');
  script.id = 'tyd-config';
  script.type = 'application/json';
  script.textContent = JSON.stringify({ appId: 'tyd-h5', appSecret: 's', keyId: 'k', publicKey: 'p', returnOrigins: [], operator });
  document.head.append(script);
  resetWebConfig();
}

function answerCalls(byPath: Record<string, unknown>) {
  api.call.mockImplementation(async (path: string) => {
    if (!(path in byPath)) throw new Error(`unexpected call ${path}`);
    const value = byPath[path];
    if (value instanceof Error) throw value;
    return value;
  });
}

let router: Router;
async function open() {
  window.history.replaceState(null, '', '/mine/help');
  router = createRouter();
  await router.start();
  render(
    <RouterContext value={router}>
      <HelpPage />
    </RouterContext>,
  );
}

beforeEach(() => {
  pageConfig({ name: '通盈达', servicePhone: '400-820-0000', serviceHours: '9:00-21:00' });
});
afterEach(() => {
  cleanup();
  router?.destroy();
  clearQueries();
  clearSession();
  api.call.mockReset();
  api.request.mockReset();
  document.getElementById('tyd-config')?.remove();
  resetWebConfig();
});

describe('/mine/help', () => {
  it('shows the service phone to tap and its hours, and the FAQ by category, opening an answer on a tap', async () => {
    answerCalls({ [API.faqList.path]: FAQ });
    await open();
    const contact = screen.getByRole('region', { name: '联系客服' });
    expect(
      within(contact)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([['400-820-0000', 'tel:4008200000']]);
    expect(within(contact).getByText('服务时间 9:00-21:00')).toBeTruthy();

    const faq = screen.getByRole('region', { name: '常见问题' });
    const question = await within(faq).findByRole('button', { name: '如何还款？' });
    expect(
      within(faq)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['还款', '账户']);
    expect(
      within(faq)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['如何还款？', '可以提前还款吗？', '如何更换手机号？']);
    expect(question.getAttribute('aria-expanded')).toBe('false');
    expect(within(faq).queryByText(/在借款详情页/)).toBeNull();
    await userEvent.click(question);
    expect(question.getAttribute('aria-expanded')).toBe('true');
    expect(within(faq).getByRole('link', { name: '400-000-0000' }).getAttribute('href')).toBe('tel:4000000000');
    await userEvent.click(question);
    expect(within(faq).queryByText(/在借款详情页/)).toBeNull();
  });

  it('offers a visitor login to ask, coming back here, and asks nothing of their questions', async () => {
    answerCalls({ [API.faqList.path]: FAQ });
    await open();
    await screen.findByRole('button', { name: '如何还款？' });
    const ask = screen.getByRole('region', { name: '我要提问' });
    expect(within(ask).getByRole('link', { name: '登录后提问' }).getAttribute('href')).toBe('/login?returnUrl=%2Fmine%2Fhelp');
    expect(within(ask).queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('region', { name: '我的提问' })).toBeNull();
    expect(api.call.mock.calls.map(([path]) => path)).toEqual([API.faqList.path]);
  });

  it('without a configured phone invents none, and says where to ask instead', async () => {
    pageConfig({ name: '通盈达' });
    answerCalls({ [API.faqList.path]: answerData(API.faqList, { categories: [] }) });
    await open();
    const contact = screen.getByRole('region', { name: '联系客服' });
    expect(within(contact).queryByRole('link')).toBeNull();
    expect(within(contact).getByText('请在下方留言提问，客服会尽快回复。')).toBeTruthy();
    // No hotline is advertised without a number.
    expect(within(contact).queryByText('客服热线')).toBeNull();
    expect(within(contact).getByRole('heading', { name: '联系客服' })).toBeTruthy();
    expect(await screen.findByText('暂无常见问题')).toBeTruthy();
  });

  it('shows a failed FAQ in place with 重新加载, which reads it again', async () => {
    let fail = true;
    api.call.mockImplementation(async () => {
      if (fail) throw new TransportError('network', '网络连接异常，请稍后重试');
      return FAQ;
    });
    await open();
    const faq = screen.getByRole('region', { name: '常见问题' });
    expect((await within(faq).findByRole('alert')).textContent).toContain('网络连接异常，请稍后重试');
    fail = false;
    await userEvent.click(within(faq).getByRole('button', { name: '重新加载' }));
    expect(await within(faq).findByRole('button', { name: '如何还款？' })).toBeTruthy();
  });

  describe('signed in', () => {
    beforeEach(() => startSession({ accessToken: 'token-of-the-test-account', phone: '13812345678' }));

    it('lists my questions with their state, the answer under its question', async () => {
      answerCalls({ [API.faqList.path]: FAQ, [API.myQuestions.path]: QUESTIONS });
      await open();
      const mine = screen.getByRole('region', { name: '我的提问' });
      const items = within(await within(mine).findByRole('list', { name: '我的提问列表' })).getAllByRole('listitem');
      expect(items.map((li) => li.textContent)).toEqual([
        '待回复2026-11-24 10:00额度怎么提升？',
        '已回复2026-11-23 10:00借款什么时候到账？客服回复审核通过后一般2小时内到账。2026-11-24 10:30',
      ]);
      expect(within(mine).getByText('已全部加载')).toBeTruthy();
    });

    it('asks under a new key per press, says it was sent, reads my questions again and empties the field', async () => {
      answerCalls({ [API.faqList.path]: FAQ, [API.myQuestions.path]: answerData(API.myQuestions, { items: [], nextCursor: null }) });
      const asked = answerData(API.askQuestion, {
        question: { id: 'q_AAAAAAAAAAAAAAA3', text: '怎么开结清证明？', status: 'open', createdAt: ASKED, answer: null, answeredAt: null },
        repeated: false,
      });
      api.request.mockResolvedValue(answer(API.askQuestion, asked));
      await open();
      expect(await screen.findByText('暂无提问')).toBeTruthy();
      const field = screen.getByLabelText('请描述您遇到的问题');
      const submit = screen.getByRole('button', { name: '提交' });
      expect(submit.hasAttribute('disabled')).toBe(true);
      await userEvent.type(field, '  怎么开结清证明？ ');
      expect(screen.getByText(`8/${HELP_LIMITS.questionChars}`)).toBeTruthy();
      answerCalls({ [API.faqList.path]: FAQ, [API.myQuestions.path]: answerData(API.myQuestions, { items: [asked.question], nextCursor: null }) });
      await userEvent.click(submit);
      expect((await screen.findByRole('status', {}, { timeout: 2000 })).textContent).toContain('已提交，客服会尽快回复');
      expect(api.request).toHaveBeenCalledTimes(1);
      const [path, payload] = api.request.mock.calls[0]!;
      expect(path).toBe(API.askQuestion.path);
      expect(payload).toEqual({ text: '怎么开结清证明？', idempotencyKey: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/) });
      expect((field as HTMLTextAreaElement).value).toBe('');
      expect(await within(screen.getByRole('region', { name: '我的提问' })).findByText('怎么开结清证明？')).toBeTruthy();

      // The next question is another press: another key.
      await userEvent.type(field, '第二个问题');
      await userEvent.click(screen.getByRole('button', { name: '提交' }));
      await vi.waitFor(() => expect(api.request).toHaveBeenCalledTimes(2));
      expect((api.request.mock.calls[1]![1] as { idempotencyKey: string }).idempotencyKey).not.toBe((payload as { idempotencyKey: string }).idempotencyKey);
    });

    it('says a refusal under the field in the server’s words, and resends a lost press under the same key', async () => {
      answerCalls({ [API.faqList.path]: FAQ, [API.myQuestions.path]: answerData(API.myQuestions, { items: [], nextCursor: null }) });
      const limit: ApiResponse = {
        code: CODE.TOO_MANY_REQUESTS,
        subcode: SUBCODE.QUESTION_DAILY_LIMIT,
        msg: '请求过于频繁，请稍后重试',
        submsg: '今日提问次数已达上限，请明天再试或致电客服',
        data: { retryAfterSeconds: 3600 },
      };
      api.request.mockRejectedValueOnce(new TransportError('timeout', '网络超时，请稍后重试')).mockResolvedValueOnce(limit);
      await open();
      const field = await screen.findByLabelText('请描述您遇到的问题');
      await userEvent.type(field, '还款日能改吗？');
      await userEvent.click(screen.getByRole('button', { name: '提交' }));
      expect((await screen.findByRole('alert')).textContent).toBe('网络异常，未收到提交结果。再次提交不会重复提问。');
      await userEvent.click(screen.getByRole('button', { name: '提交' }));
      expect((await screen.findByRole('alert')).textContent).toBe('今日提问次数已达上限，请明天再试或致电客服');
      const keys = api.request.mock.calls.map(([, payload]) => (payload as { idempotencyKey: string }).idempotencyKey);
      expect(keys).toHaveLength(2);
      expect(keys[1]).toBe(keys[0]);
      expect(field.getAttribute('aria-invalid')).toBe('true');
      // The text stays for the person to try again tomorrow or to call.
      expect((field as HTMLTextAreaElement).value).toBe('还款日能改吗？');
    });

    it('counts characters as the server does and will not send more than the limit', async () => {
      answerCalls({ [API.faqList.path]: FAQ, [API.myQuestions.path]: answerData(API.myQuestions, { items: [], nextCursor: null }) });
      await open();
      const field = await screen.findByLabelText('请描述您遇到的问题');
      await userEvent.click(field);
      await userEvent.paste('👍'.repeat(HELP_LIMITS.questionChars));
      expect(screen.getByText(`${HELP_LIMITS.questionChars}/${HELP_LIMITS.questionChars}`)).toBeTruthy();
      expect(screen.getByRole('button', { name: '提交' }).hasAttribute('disabled')).toBe(false);
      await userEvent.paste('多');
      expect(screen.getByText(`${HELP_LIMITS.questionChars + 1}/${HELP_LIMITS.questionChars}`).className).toContain('help-ask__count--over');
      expect(screen.getByRole('button', { name: '提交' }).hasAttribute('disabled')).toBe(true);
      expect(field.getAttribute('aria-invalid')).toBe('true');
      expect(api.request).not.toHaveBeenCalled();
    });
  });
});
