// /ops/help as an operator uses it, against a fake of the /ops help API (docs/api.md "Help and customer
// service") that answers each question once like the server: the shared sign-in first, the open questions newest
// first with the phone masked, an answer named by its operator, and a question another operator answered
// meanwhile refused and read again. Answers built through the calls' response schemas.
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { opsHelpAnswer, opsHelpQuestions, parseOpsResponseData, type OpsEndpoint, type OpsQuestion, type OpsResponseData } from '@tyd/protocol/schemas';
import { createRouter, type Router } from '../../../lib/router';
import { RouterContext } from '../../../lib/router-react';
import { clearQueries } from '../../../lib/server-state';
import { OPS_TEST_CREDENTIALS, OPS_TEST_CSRF, OPS_TEST_OPERATOR, opsSessionAnswers } from '../../../test/ops-session-answers';
import { renderInConsole } from '../../../test/render-in-console';
import OpsHelpPage from './ops-help-page';

/** 2026-11-24 10:00 in China. */
const NOW = Date.UTC(2026, 10, 24, 2);
let session = opsSessionAnswers({ signedIn: true, role: 'content_editor' });

type Call = { method: string; path: string; body: Record<string, unknown> | undefined };
const calls: Call[] = [];
let questions: OpsQuestion[] = [];

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
function ok<E extends OpsEndpoint>(endpoint: E, data: OpsResponseData<E>): Response {
  const parsed = parseOpsResponseData(endpoint, data);
  if (!parsed.ok) throw new Error(`${endpoint.method} ${endpoint.path} outside its schema: ${parsed.issues.join(', ')}`);
  return json(200, { code: '200', msg: '成功', data: parsed.data });
}

/** The server's answers, as routes/ops-questions.ts and services/questions.ts give them. */
function serve(method: string, url: string, body: Record<string, unknown> | undefined): Response {
  const { pathname, searchParams } = new URL(url, 'http://localhost');
  if (method === 'GET' && pathname === '/ops/api/help/questions') {
    const status = searchParams.get('status') ?? 'open';
    return ok(opsHelpQuestions, { items: questions.filter((q) => status === 'all' || q.status === status) });
  }
  const [, id] = /^\/ops\/api\/help\/questions\/([^/]+)\/answer$/.exec(pathname) ?? [];
  const question = questions.find((q) => q.id === id);
  if (!question) return json(404, { code: '404', subcode: '4707', msg: '服务不存在', data: { reason: `没有问题 ${id}` } });
  if (question.status === 'answered') return json(409, { code: '409', subcode: '4708', msg: '请求冲突', data: { reason: `${id} 已有回复，请刷新查看` } });
  Object.assign(question, { status: 'answered', answer: String(body!.answer).trim(), answeredBy: OPS_TEST_OPERATOR.name, answeredAt: NOW });
  return ok(opsHelpAnswer, question);
}

let router: Router;
beforeEach(async () => {
  calls.length = 0;
  questions = [
    {
      id: 'q_AAAAAAAAAAAAAAA2',
      phone: '138****5678',
      text: '额度怎么提升？',
      status: 'open',
      createdAt: NOW,
      answer: null,
      answeredBy: null,
      answeredAt: null,
    },
    {
      id: 'q_AAAAAAAAAAAAAAA1',
      phone: '139****0001',
      text: '借款什么时候到账？',
      status: 'open',
      createdAt: NOW - 3_600_000,
      answer: null,
      answeredBy: null,
      answeredAt: null,
    },
  ];
  session = opsSessionAnswers({ signedIn: true, role: 'content_editor' });
  window.history.replaceState(null, '', '/ops/help');
  router = createRouter();
  await router.start();
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const sessionAnswer = session.answer(url, init);
    if (sessionAnswer) return sessionAnswer;
    const method = init.method ?? 'GET';
    const body = init.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined;
    calls.push({ method, path: url, body });
    if (method !== 'GET' && new Headers(init.headers).get('x-ops-csrf') !== OPS_TEST_CSRF) return json(403, { code: '403', msg: '无权访问' });
    return serve(method, url, body);
  });
});
afterEach(() => {
  cleanup();
  router.destroy();
  clearQueries();
  vi.unstubAllGlobals();
});

const show = () =>
  renderInConsole(
    <RouterContext value={router}>
      <OpsHelpPage />
    </RouterContext>,
  );
const listed = () =>
  within(screen.getByRole('list', { name: '提问列表' }))
    .getAllByRole('listitem')
    .map((li) => li.querySelector('.help-question__text')?.textContent);

describe('/ops/help', () => {
  it('asks the operator to sign in first; then lists open questions newest first, the phone masked', async () => {
    session = opsSessionAnswers({ signedIn: false, role: 'content_editor' });
    show();
    await userEvent.type(await screen.findByLabelText('账号'), OPS_TEST_CREDENTIALS.name);
    await userEvent.type(screen.getByLabelText('密码'), OPS_TEST_CREDENTIALS.password);
    await userEvent.type(screen.getByLabelText('动态验证码'), OPS_TEST_CREDENTIALS.code);
    expect(calls).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: '登录' }));
    await screen.findByRole('list', { name: '提问列表' });
    expect(listed()).toEqual(['额度怎么提升？', '借款什么时候到账？']);
    expect(screen.getByText('138****5678 · 2026-11-24 10:00')).toBeTruthy();
    expect(calls.at(-1)).toMatchObject({ method: 'GET', path: '/ops/api/help/questions?status=open' });
  });

  it('answers a question in the operator’s name; it leaves the open list and shows under 已回复', async () => {
    show();
    await screen.findByRole('list', { name: '提问列表' });
    const first = screen.getAllByRole('form')[0]!;
    await userEvent.type(within(first).getByLabelText(/回复（纯文本/), '按时还款可提升额度。');
    await userEvent.click(within(first).getByRole('button', { name: '回复' }));
    expect((await screen.findByRole('status')).textContent).toBe('已回复，用户会在“我的消息”中收到。');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      { method: 'POST', path: '/ops/api/help/questions/q_AAAAAAAAAAAAAAA2/answer', body: { answer: '按时还款可提升额度。' } },
    ]);
    await vi.waitFor(() => expect(listed()).toEqual(['借款什么时候到账？']));
    await userEvent.click(screen.getByRole('button', { name: '已回复' }));
    await vi.waitFor(() => expect(listed()).toEqual(['额度怎么提升？']));
    expect(screen.getByText('li-si 回复于 2026-11-24 10:00')).toBeTruthy();
    expect(screen.getByText('按时还款可提升额度。')).toBeTruthy();
  });

  it('says so when another operator answered first, and reads the list again', async () => {
    show();
    await screen.findByRole('list', { name: '提问列表' });
    const first = screen.getAllByRole('form')[0]!;
    await userEvent.type(within(first).getByLabelText(/回复（纯文本/), '另一个回答');
    // Meanwhile someone else answers it.
    Object.assign(questions[0]!, { status: 'answered', answer: '先到的回答', answeredBy: '客服小周', answeredAt: NOW });
    await userEvent.click(within(first).getByRole('button', { name: '回复' }));
    expect((await screen.findByRole('alert')).textContent).toBe('该提问已被其他客服回复，请刷新查看。');
    await vi.waitFor(() => expect(listed()).toEqual(['借款什么时候到账？']));
    expect(questions[0]!.answer).toBe('先到的回答');
  });

  it('another role reads the questions and cannot answer them', async () => {
    session = opsSessionAnswers({ signedIn: true, role: 'rewards_manager' });
    show();
    await screen.findByRole('list', { name: '提问列表' });
    expect(screen.getByText('仅内容编辑可以回复提问。')).toBeTruthy();
    expect(screen.queryAllByRole('form')).toEqual([]);
  });
});
