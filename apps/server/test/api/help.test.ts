// Help and customer service through the real envelope and the real /ops API (docs/api.md "Help and
// customer service"): published 常见问题 by category (drafts, scheduled and unpublished entries unseen, and
// never readable as a notice or an article), questions refused with their codes (empty, too long), one per
// press, five per account and China day, each account reading its own only; operators' answers, once
// (two at the same moment: one wins), stored with their message in one transaction and delivered once,
// redelivery included. Both engines run the races (operators answering at once, a press sent three times at
// once, a flood of asks at once); the checks of one request at a time run on SQLite (itSqliteOnly).
import { randomBytes } from 'node:crypto';
import {
  CODE,
  HELP_LIMITS,
  OPS_PATH,
  SUBCODE,
  askQuestion,
  chinaDayEnd,
  chinaDay,
  faqList,
  messageList,
  myQuestions,
  noticeDetail,
  opsContentCreate,
  opsContentGet,
  opsContentPublish,
  opsContentUnpublish,
  opsContentUpdate,
  opsHelpAnswer,
  opsHelpQuestions,
  opsUrl,
  parseOpsResponseData,
  tydNoticeDetail,
  type OpsEndpoint,
  type OpsRequest,
  type OpsResponseData,
} from '@tyd/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testClock, type TestClock } from '../support/accounts.js';
import { refusalData, type ApiClient } from '../support/api-client.js';
import { createSession, createUser } from '../support/factories.js';
import { opsFetch, signedInOperator, type OpsClient } from '../support/operators.js';
import { expectSafe } from '../support/safe-html.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { ENGINES, itSqliteOnly } from '../support/test-databases.js';

const newKey = () => randomBytes(16).toString('base64url');

describe.each(ENGINES)('help and customer service on %s', (engine) => {
  let t: TestApp;
  let clock: TestClock;
  // Content editors signed in to /ops: the first makes the calls, all four race to answer one question.
  let editors: OpsClient[];
  beforeAll(async () => {
    clock = testClock();
    t = await startTestApp({ engine, clock, env: { API_RATE_PER_ADDRESS_PER_MINUTE: '100000' } });
    editors = [];
    for (let i = 0; i < 4; i++) editors.push(await signedInOperator(t, 'content_editor', { staySignedIn: true }));
  });
  afterAll(async () => {
    await t?.close();
  });

  async function member(): Promise<{ client: ApiClient; userId: string; phone: string }> {
    const user = await createUser(t.app.accounts.repos, { now: clock() });
    const client = await t.client();
    client.accessToken = (await createSession(t.app.accounts.repos, user, { now: clock() })).accessToken;
    return { client, userId: user.id, phone: user.phone };
  }

  interface OpsAnswer<E extends OpsEndpoint> {
    status: number;
    code: string;
    subcode?: string;
    data: OpsResponseData<E> & { reason?: string };
  }
  /**
   * One /ops call (plain JSON behind an operator's session) as `as` (the first editor; null: no session),
   * its answer checked against the call's schema when it is a 200.
   */
  async function ops<E extends OpsEndpoint>(
    endpoint: E,
    opts: { id?: string; query?: string; body?: OpsRequest<E> | Record<string, unknown>; as?: OpsClient | null } = {},
  ): Promise<OpsAnswer<E>> {
    const as = opts.as === undefined ? editors[0]! : opts.as;
    const path = `${opsUrl(endpoint.path as Parameters<typeof opsUrl>[0], { id: opts.id })}${opts.query ?? ''}`;
    const res = as ? await as.call(endpoint.method, path, opts.body) : await opsFetch(t, endpoint.method, path, opts.body);
    const body = res.body as { code: string; subcode?: string; data: OpsResponseData<E> & { reason?: string } };
    if (body.code === '200') expect(parseOpsResponseData(endpoint, body.data).ok, JSON.stringify(body.data)).toBe(true);
    return { status: res.status, ...body };
  }

  async function ask(client: ApiClient, text: string, idempotencyKey = newKey()) {
    return (await client.call(askQuestion, { text, idempotencyKey })).response!;
  }
  async function ownQuestions(client: ApiClient) {
    const res = (await client.call(myQuestions, {})).response!;
    expect(res.code, JSON.stringify(res)).toBe('200');
    return res.data!.items;
  }
  async function serviceMessages(client: ApiClient) {
    const res = (await client.call(messageList, { limit: 50 })).response!;
    return res.data!.items.filter((message) => message.kind === 'service');
  }
  /** A new open question of a new member; its id. */
  async function openQuestion(text = '借款什么时候到账？') {
    const asker = await member();
    const res = await ask(asker.client, text);
    expect(res.code, JSON.stringify(res)).toBe('200');
    return { ...asker, questionId: res.data!.question.id };
  }

  describe('常见问题', () => {
    async function faqEntry(question: string, answer: string, category: string, order?: number) {
      const created = await ops(opsContentCreate, { body: { kind: 'faq', title: question, body: answer, category, order, by: '运营小王' } });
      expect(created.code, JSON.stringify(created)).toBe('200');
      return created.data;
    }
    const publish = (id: string, at?: number) => ops(opsContentPublish, { id, body: { by: '运营小王', ...(at !== undefined && { at }) } });

    itSqliteOnly(engine)('lists published entries only, by category in the order operators gave, with safe answers', async () => {
      const before = (await (await t.client()).call(faqList)).response!.data!.categories;
      const base = before.flatMap((c) => c.items).length;
      const repay2 = await faqEntry('可以提前还款吗？', '可以，提前还款不收手续费。', '还款', 2);
      const repay1 = await faqEntry('如何还款？', '在借款详情页点击“还款”。如有疑问请致电 [400-000-0000](tel:4000000000)。', '还款', 1);
      const account = await faqEntry('如何更换手机号？', '在“我的”中选择“更换手机号”。', '账户', 0);
      const draft = await faqEntry('草稿问题', '还没写好', '还款', 0);
      const later = await faqEntry('定时问题', '明天才发布', '账户', 0);
      const gone = await faqEntry('下线问题', '已过时', '账户', 5);
      for (const id of [repay2.id, repay1.id, account.id, gone.id]) expect((await publish(id)).code).toBe('200');
      expect((await publish(later.id, clock() + 60_000)).data.status).toBe('scheduled');
      expect((await ops(opsContentUnpublish, { id: gone.id, body: { by: '运营小王' } })).data.status).toBe('unpublished');

      const reader = await t.client();
      const { categories } = (await reader.call(faqList)).response!.data!;
      const ours = categories.map((c) => ({ name: c.name, questions: c.items.map((i) => i.question) })).filter((c) => c.name === '还款' || c.name === '账户');
      // 账户's first entry (order 0) comes before 还款's (order 1): categories in the order of their first entry.
      expect(ours).toEqual([
        { name: '账户', questions: ['如何更换手机号？'] },
        { name: '还款', questions: ['如何还款？', '可以提前还款吗？'] },
      ]);
      expect(categories.flatMap((c) => c.items).length).toBe(base + 3);
      const html = categories.flatMap((c) => c.items).find((i) => i.id === repay1.id)!.html;
      expect(html).toContain('<a href="tel:4000000000">400-000-0000</a>');
      expectSafe(html);

      // The scheduled one shows from its time on, by the server's clock; the draft and the unpublished never.
      clock.advance(60_000);
      const later2 = (await reader.call(faqList)).response!.data!.categories.find((c) => c.name === '账户')!;
      expect(later2.items.map((i) => i.question)).toEqual(['如何更换手机号？', '定时问题']);
      const all = JSON.stringify((await reader.call(faqList)).response!.data);
      expect(all).not.toContain(draft.id);
      expect(all).not.toContain(gone.id);

      // An FAQ entry is read through faq-list only: as a notice, an announcement or an article it does not exist.
      for (const endpoint of [tydNoticeDetail, noticeDetail]) {
        const res = (await reader.call(endpoint, { id: repay1.id })).response!;
        expect({ code: res.code, subcode: res.subcode }).toEqual({ code: CODE.NOT_FOUND, subcode: SUBCODE.CONTENT_NOT_FOUND });
      }
    });

    itSqliteOnly(engine)('is content to operators: audited like every item, its category and order checked', async () => {
      const entry = await faqEntry('怎样注销账号？', '在“我的”最下方选择“注销账号”。', '账户');
      expect(entry).toMatchObject({ kind: 'faq', category: '账户', order: 0, status: 'draft', version: 1 });
      expect(entry.id).toMatch(/^f_/);
      const edited = await ops(opsContentUpdate, { id: entry.id, body: { version: 1, category: '账户安全', order: 3 }, as: editors[1]! });
      expect(edited.data).toMatchObject({ category: '账户安全', order: 3, version: 2 });
      await publish(entry.id);
      const { data } = await ops(opsContentGet, { id: entry.id });
      expect(data.audit.map((line) => [line.action, line.by, line.version])).toEqual([
        ['publish', editors[0]!.operator.name, 3],
        ['edit', editors[1]!.operator.name, 2],
        ['create', editors[0]!.operator.name, 1],
      ]);

      const refusal = async (body: Record<string, unknown>, id?: string) => {
        const res = id ? await ops(opsContentUpdate, { id, body }) : await ops(opsContentCreate, { body });
        return { status: res.status, subcode: res.subcode, reason: res.data.reason };
      };
      expect(await refusal({ kind: 'faq', title: '没有分类', body: '答', by: '运营小王' })).toEqual({
        status: 400,
        subcode: SUBCODE.BAD_PAYLOAD,
        reason: '分类（category）：常见问题须填写分类',
      });
      expect((await refusal({ kind: 'faq', title: '空分类', body: '答', category: '  ', by: '运营小王' })).reason).toBe('分类（category）：1 至 20 个字符');
      expect((await refusal({ kind: 'article', title: '文章', body: '正文', category: '还款', by: '运营小王' })).reason).toBe(
        '分类（category）、排序（order）：仅常见问题（kind faq）可填',
      );
      expect((await refusal({ kind: 'faq', title: 'x', body: 'y', category: '还款', order: HELP_LIMITS.faqOrderMax + 1, by: '运营小王' })).status).toBe(400);
    });
  });

  describe('questions', () => {
    itSqliteOnly(engine)('are refused with their codes when empty or too long, counting characters as a person does', async () => {
      const { client } = await member();
      for (const text of ['', '   \n ']) {
        const res = await ask(client, text);
        expect({ code: res.code, subcode: res.subcode, submsg: res.submsg }).toEqual({
          code: CODE.BAD_REQUEST,
          subcode: SUBCODE.QUESTION_EMPTY,
          submsg: '请输入您的问题',
        });
      }
      const long = await ask(client, '问'.repeat(HELP_LIMITS.questionChars + 1));
      expect({ code: long.code, subcode: long.subcode }).toEqual({ code: CODE.BAD_REQUEST, subcode: SUBCODE.QUESTION_TOO_LONG });
      expect(refusalData(long)).toEqual({ maxChars: HELP_LIMITS.questionChars });
      // 500 characters, each two UTF-16 units, and spaces around: accepted, stored trimmed.
      const emoji = await ask(client, `  ${'👍'.repeat(HELP_LIMITS.questionChars)}  `);
      expect(emoji.code).toBe('200');
      expect(emoji.data!.question.text).toBe('👍'.repeat(HELP_LIMITS.questionChars));
      expect((await ownQuestions(client)).length).toBe(1);
      // Without a session there is no one to ask for.
      const anonymous = (await (await t.client()).call(askQuestion, { text: '你好', idempotencyKey: newKey() })).response!;
      expect(anonymous.code).toBe(CODE.UNAUTHORIZED);
    });

    it('are made once per press: the same key answers the question it made, also sent three times at once', async () => {
      const { client } = await member();
      const key = newKey();
      const first = await ask(client, '怎么开具结清证明？', key);
      const again = await ask(client, '怎么开具结清证明？', key);
      expect(first.data).toMatchObject({ repeated: false, question: { status: 'open', answer: null, answeredAt: null } });
      expect(again.data).toEqual({ question: first.data!.question, repeated: true });
      expect((await ownQuestions(client)).map((q) => q.id)).toEqual([first.data!.question.id]);

      clock.advance(1);
      const parallelKey = newKey();
      const answers = await Promise.all([1, 2, 3].map(() => ask(client, '提前还款怎么操作？', parallelKey)));
      expect(answers.map((a) => a.code)).toEqual(['200', '200', '200']);
      expect(answers.filter((a) => !a.data!.repeated)).toHaveLength(1);
      expect(new Set(answers.map((a) => a.data!.question.id)).size).toBe(1);
      expect((await ownQuestions(client)).map((q) => q.text)).toEqual(['提前还款怎么操作？', '怎么开具结清证明？']);
    });

    it('are limited per account and China day: a flood is refused with 4706 until the next day', async () => {
      const { client } = await member();
      const other = await member();
      const keys = Array.from({ length: HELP_LIMITS.questionsPerDay + 3 }, newKey);
      // All at once: the count is decided on each increment's own result, so no more than the limit get through.
      const answers = await Promise.all(keys.map((key, i) => ask(client, `第${i + 1}个问题`, key)));
      const made = answers.filter((a) => a.code === '200');
      const refused = answers.filter((a) => a.code !== '200');
      expect(made).toHaveLength(HELP_LIMITS.questionsPerDay);
      for (const res of refused) {
        expect({ code: res.code, subcode: res.subcode }).toEqual({ code: CODE.TOO_MANY_REQUESTS, subcode: SUBCODE.QUESTION_DAILY_LIMIT });
        expect(refusalData<{ retryAfterSeconds: number }>(res).retryAfterSeconds).toBe(Math.ceil((chinaDayEnd(chinaDay(clock())) - clock()) / 1000));
      }
      expect(await ownQuestions(client)).toHaveLength(HELP_LIMITS.questionsPerDay);
      // A press resent after a lost answer still finds its question; another account asks as before.
      const madeKey = keys[answers.findIndex((a) => a.code === '200')]!;
      expect((await ask(client, '重发', madeKey)).data?.repeated).toBe(true);
      expect((await ask(other.client, '我的问题')).code).toBe('200');
      // The next China day opens the limit again.
      clock.advance(chinaDayEnd(chinaDay(clock())) - clock());
      expect((await ask(client, '第二天的问题')).code).toBe('200');
    });

    itSqliteOnly(engine)("are each account's own: another account neither lists them nor pages with their cursor", async () => {
      const asker = await member();
      const other = await member();
      for (let i = 0; i < 3; i++) {
        expect((await ask(asker.client, `问题${i}`)).code).toBe('200');
        clock.advance(1);
      }
      expect(await ownQuestions(other.client)).toEqual([]);
      const page = (await asker.client.call(myQuestions, { limit: 2 })).response!.data!;
      expect(page.items.map((q) => q.text)).toEqual(['问题2', '问题1']);
      expect(page.nextCursor).not.toBeNull();
      const stolen = (await other.client.call(myQuestions, { cursor: page.nextCursor! })).response!;
      expect({ code: stolen.code, subcode: stolen.subcode }).toEqual({ code: CODE.BAD_REQUEST, subcode: SUBCODE.LIST_CURSOR_INVALID });
      const rest = (await asker.client.call(myQuestions, { cursor: page.nextCursor! })).response!.data!;
      expect(rest).toEqual({ items: [expect.objectContaining({ text: '问题0' })], nextCursor: null });
      // The payload names no account: one naming another is refused before anything is read.
      const named = (await other.client.call(myQuestions, { userId: asker.userId }, { raw: true })).response!;
      expect({ code: named.code, subcode: named.subcode }).toEqual({ code: CODE.BAD_REQUEST, subcode: SUBCODE.BAD_PAYLOAD });
    });
  });

  describe('answers', () => {
    itSqliteOnly(engine)(
      'operators see open questions newest first with the phone masked; an answer arrives once, as a message and under the question',
      async () => {
        const older = await openQuestion('第一个问题');
        clock.advance(1);
        const { client, userId, phone, questionId } = await openQuestion('额度怎么提升？');
        const open = await ops(opsHelpQuestions);
        const mine = open.data.items.find((q) => q.id === questionId)!;
        expect(mine).toEqual({
          id: questionId,
          phone: `${phone.slice(0, 3)}****${phone.slice(7)}`,
          text: '额度怎么提升？',
          status: 'open',
          createdAt: clock(),
          answer: null,
          answeredBy: null,
          answeredAt: null,
        });
        expect(JSON.stringify(open.data)).not.toContain(phone);
        const ids = open.data.items.map((q) => q.id);
        expect(ids.indexOf(questionId)).toBeLessThan(ids.indexOf(older.questionId));

        clock.advance(60_000);
        const answered = await ops(opsHelpAnswer, { id: questionId, body: { by: '客服小周', answer: '  按时还款、完善资料可提升额度。  ' } });
        expect(answered.data).toMatchObject({
          status: 'answered',
          answer: '按时还款、完善资料可提升额度。',
          answeredBy: editors[0]!.operator.name,
          answeredAt: clock(),
        });
        expect((await ownQuestions(client))[0]).toEqual({
          id: questionId,
          text: '额度怎么提升？',
          status: 'answered',
          createdAt: clock() - 60_000,
          answer: '按时还款、完善资料可提升额度。',
          answeredAt: clock(),
        });
        const messages = await serviceMessages(client);
        expect(messages).toEqual([
          expect.objectContaining({ kind: 'service', title: '客服已回复您的提问', body: '按时还款、完善资料可提升额度。', link: '/mine/help', readAt: null }),
        ]);
        // Nobody else is told.
        expect(await serviceMessages(older.client)).toEqual([]);
        expect((await ops(opsHelpQuestions)).data.items.map((q) => q.id)).not.toContain(questionId);
        expect((await ops(opsHelpQuestions, { query: '?status=answered' })).data.items.map((q) => q.id)).toContain(questionId);

        // A second answer is refused and changes nothing.
        const second = await ops(opsHelpAnswer, { id: questionId, body: { by: '客服小吴', answer: '另一个回答' } });
        expect({ status: second.status, code: second.code, subcode: second.subcode }).toEqual({
          status: 409,
          code: CODE.CONFLICT,
          subcode: SUBCODE.QUESTION_ALREADY_ANSWERED,
        });
        expect((await ownQuestions(client))[0]!.answer).toBe('按时还款、完善资料可提升额度。');

        // The event delivered again (a process that died before recording the delivery): still one message.
        const events = await t.app.database.db.selectFrom('outbox').selectAll().where('user_id', '=', userId).where('topic', '=', 'message').execute();
        const answerEvents = events.filter((e) => (JSON.parse(e.payload) as { kind: string }).kind === 'service');
        expect(answerEvents).toHaveLength(1);
        expect(answerEvents[0]!.delivered_at).not.toBeNull();
        await t.app.database.db
          .updateTable('outbox')
          .set({ delivered_at: null, locked_until: null, next_attempt_at: clock() })
          .where('id', '=', answerEvents[0]!.id)
          .execute();
        expect(await t.app.outbox.drain()).toBe(1);
        expect(await serviceMessages(client)).toHaveLength(1);
      },
    );

    it('two operators answering at once: exactly one answer is stored and told, the others are refused 4708', async () => {
      const { client, userId, questionId } = await openQuestion('我的还款日是哪天？');
      const answers = await Promise.all(editors.map((as, i) => ops(opsHelpAnswer, { id: questionId, body: { answer: `客服${i}：每月15日。` }, as })));
      const won = answers.filter((a) => a.code === '200');
      expect(won).toHaveLength(1);
      for (const lost of answers.filter((a) => a.code !== '200')) expect([lost.status, lost.subcode]).toEqual([409, SUBCODE.QUESTION_ALREADY_ANSWERED]);
      const stored = (await ownQuestions(client))[0]!;
      expect(stored.answer).toBe(won[0]!.data.answer);
      const events = await t.app.database.db.selectFrom('outbox').select('payload').where('user_id', '=', userId).execute();
      expect(events.filter((e) => (JSON.parse(e.payload) as { kind: string }).kind === 'service')).toHaveLength(1);
      expect((await serviceMessages(client)).map((m) => m.body)).toEqual([won[0]!.data.answer]);
    });

    itSqliteOnly(engine)("are behind an operator's session, for a question that exists, of 1 to 450 characters", async () => {
      const { questionId, client } = await openQuestion();
      expect((await ops(opsHelpQuestions, { as: null })).status).toBe(401);
      expect((await ops(opsHelpAnswer, { id: questionId, body: { answer: '好' }, as: null })).status).toBe(401);
      const unknown = await ops(opsHelpAnswer, { id: 'q_AAAAAAAAAAAAAAAA', body: { by: '客服', answer: '好' } });
      expect([unknown.status, unknown.subcode]).toEqual([404, SUBCODE.QUESTION_NOT_FOUND]);
      expect((await ops(opsHelpAnswer, { id: '..%2F..', body: { by: '客服', answer: '好' } })).status).toBe(404);
      for (const body of [
        { by: '客服', answer: '   ' },
        { by: '客服', answer: '答'.repeat(HELP_LIMITS.answerChars + 1) },
        { by: '客服', answer: '好', extra: 1 },
      ]) {
        const res = await ops(opsHelpAnswer, { id: questionId, body });
        expect([res.status, res.subcode], JSON.stringify(body).slice(0, 40)).toEqual([400, SUBCODE.BAD_PAYLOAD]);
      }
      expect((await ops(opsHelpQuestions, { query: '?status=closed' })).status).toBe(400);
      // Nothing refused was kept or told.
      expect((await ownQuestions(client))[0]!.status).toBe('open');
      expect(await serviceMessages(client)).toEqual([]);
      expect(OPS_PATH.helpQuestionAnswer).toBe('/ops/api/help/questions/:id/answer');
    });

    itSqliteOnly(engine)('go with the account: a deleted account leaves no question behind', async () => {
      const { userId, questionId } = await openQuestion('注销后问题还在吗？');
      await t.app.database.db.deleteFrom('users').where('id', '=', userId).execute();
      expect(await t.app.database.db.selectFrom('help_questions').select('id').where('id', '=', questionId).execute()).toEqual([]);
    });
  });
});
