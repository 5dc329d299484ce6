// 帮助与客服 against the real server and the real web build, in a mobile browser (docs/api.md "Help and
// customer service"): a person opens it from 我的, calls the service phone from it, reads the operators'
// 常见问题 by category (a draft unseen), asks a question and sees it 待回复; an operator answers it through
// the /ops API; the answer arrives once in 我的消息 and under the question as 已回复. Every error page leads
// here (联系客服). Taps are real touch events. Screenshots at 320, 375 and 414 px.
import { OPS_PATH, opsUrl, type OpsQuestion } from '@tyd/protocol';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newMobileContext, waitForApp } from './support/browser';
import { readNativeCalls } from './support/native-shell';
import { expectFitsThePhone, screenshotsAtWidths } from './support/layout';
import { newPhone } from './support/phones';
import { opsApiClient } from './support/operators';
import { startServer, type RunningServer } from './support/server';
import { loggedInContext, signedUpClient } from './support/sign-in';

const SERVICE_PHONE = '400-820-0000';
const QUESTION = '提前还款需要手续费吗？我想在下个月一次性还清。';
const ANSWER = '您好，提前还款不收取手续费，可在借款详情页选择“提前还款”。';

let server: RunningServer;
let browser: Browser;

/** The ops API as a content editor signed in (support/operators.ts). */
let editor: Awaited<ReturnType<typeof opsApiClient>>;
const ops = <T>(method: string, path: string, body?: unknown): Promise<T> => editor.call<T>(method, path, body);

async function faqEntry(question: string, answer: string, category: string, order: number, publish = true): Promise<string> {
  const { id } = await ops<{ id: string }>('POST', OPS_PATH.content, { kind: 'faq', title: question, body: answer, category, order, by: '运营e2e' });
  if (publish) await ops('POST', opsUrl(OPS_PATH.contentPublish, { id }), { by: '运营e2e' });
  return id;
}

/** A real tap (touchstart/touchend and the click that follows) at the middle of `target`. */
async function tap(page: Page, target: Locator): Promise<void> {
  await target.scrollIntoViewIfNeeded();
  const box = (await target.boundingBox())!;
  await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ env: { SERVICE_PHONE, HUMAN_CHECK_IP_PER_HOUR: '1000' } }), launchBrowser()]);
  editor = await opsApiClient(server, 'content_editor');
  await faqEntry('如何还款？', '在借款详情页点击“还款”即可。如有疑问请致电客服 [400-820-0000](tel:4008200000)。', '还款', 1);
  await faqEntry('还款日可以修改吗？', '暂不支持修改还款日，请按时还款以免影响信用。', '还款', 2);
  await faqEntry('如何更换绑定的手机号？', '在“我的”中选择“更换手机号”，验证当前手机号后绑定新号码。', '账户与安全', 0);
  await faqEntry('草稿：尚未发布的问题', '不应出现在页面上', '账户与安全', 0, false);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('帮助与客服', () => {
  it('from 我的: FAQ and the phone, a question asked, answered by an operator, the answer in 我的消息 and under the question', async () => {
    const phone = newPhone('137');
    const client = await signedUpClient(server.baseUrl, phone);
    const context = await loggedInContext(browser, client.accessToken!, phone);
    const page = await context.newPage();

    // 我的 → 帮助与客服.
    await page.goto(`${server.baseUrl}/mine`);
    await waitForApp(page);
    await tap(page, page.getByRole('link', { name: /帮助与客服/ }));
    await page.waitForURL(`${server.baseUrl}/mine/help`);
    expect(await page.title()).toBe('帮助与客服');

    // The phone to tap, with the default hours.
    const contact = page.getByRole('region', { name: '联系客服' });
    expect(await contact.getByRole('link', { name: SERVICE_PHONE, exact: true }).getAttribute('href')).toBe('tel:4008200000');
    await contact.getByText('服务时间 9:00-21:00').waitFor();

    // 常见问题 by category in the operators' order; the draft is not there; a tap opens an answer.
    const faq = page.getByRole('region', { name: '常见问题' });
    await faq.getByRole('button', { name: '如何还款？' }).waitFor();
    expect(await faq.getByRole('heading', { level: 3 }).allTextContents()).toEqual(['账户与安全', '还款']);
    expect(await faq.getByRole('button').allTextContents()).toEqual(['如何更换绑定的手机号？', '如何还款？', '还款日可以修改吗？']);
    expect(await page.getByText('草稿：尚未发布的问题').count()).toBe(0);
    await tap(page, faq.getByRole('button', { name: '如何还款？' }));
    const telInAnswer = faq.getByRole('link', { name: '400-820-0000' });
    await telInAnswer.waitFor();
    expect(await telInAnswer.getAttribute('href')).toBe('tel:4008200000');
    await screenshotsAtWidths(page, 'help-faq');

    // 我要提问: the question goes in, 已提交 is said, and it is listed 待回复.
    const field = page.getByLabel('请描述您遇到的问题');
    await field.fill(QUESTION);
    await tap(page, page.getByRole('button', { name: '提交' }));
    await page.getByRole('status').filter({ hasText: '已提交，客服会尽快回复' }).waitFor();
    const mine = page.getByRole('region', { name: '我的提问' });
    const asked = mine.getByRole('listitem').filter({ hasText: QUESTION });
    await asked.waitFor();
    expect(await asked.textContent()).toContain('待回复');
    expect(await field.inputValue()).toBe('');
    await screenshotsAtWidths(page, 'help-asked', page.getByRole('region', { name: '我要提问' }));

    // An operator finds it among the open questions (the phone masked) and answers it.
    const open = await ops<{ items: OpsQuestion[] }>('GET', `${OPS_PATH.helpQuestions}?status=open`);
    const question = open.items.find((q) => q.text === QUESTION)!;
    expect(question.phone).toBe(`${phone.slice(0, 3)}****${phone.slice(7)}`);
    await ops('POST', opsUrl(OPS_PATH.helpQuestionAnswer, { id: question.id }), { by: '客服e2e', answer: ANSWER });

    // Under the question, 已回复 with the answer.
    await page.reload();
    await waitForApp(page);
    const answered = page.getByRole('region', { name: '我的提问' }).getByRole('listitem').filter({ hasText: QUESTION });
    await answered.getByText(ANSWER).waitFor();
    expect(await answered.textContent()).toContain('已回复');
    await screenshotsAtWidths(page, 'help-answered', page.getByRole('region', { name: '我的提问' }));

    // And once in 我的消息, leading back here.
    await page.goto(`${server.baseUrl}/messages?tab=mine`);
    await waitForApp(page);
    const message = page.getByRole('button', { name: /客服已回复您的提问/ });
    await message.waitFor();
    expect(await message.count()).toBe(1);
    await tap(page, message);
    await page.getByText(ANSWER).waitFor();
    await tap(page, page.getByRole('link', { name: '查看详情' }));
    await page.waitForURL(`${server.baseUrl}/mine/help`);
    await expectFitsThePhone(page);
    await context.close();
  });

  it('inside the app: the title bar names it, the FAQ and the phone show, a question is asked, and it fits the phone', async () => {
    const phone = newPhone('137');
    const client = await signedUpClient(server.baseUrl, phone);
    const context = await loggedInContext(browser, client.accessToken!, phone, 'android');
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/mine/help`);
    await waitForApp(page);
    expect(await page.evaluate(() => document.documentElement.classList.contains('in-app'))).toBe(true);
    await expect
      .poll(async () => (await readNativeCalls(page)).filter((c) => c.method === 'setTitle').map((c) => (c.params as { title: string }).title))
      .toContain('帮助与客服');
    await page.getByRole('region', { name: '常见问题' }).getByRole('button', { name: '如何还款？' }).waitFor();
    expect(await page.getByRole('region', { name: '联系客服' }).getByRole('link', { name: SERVICE_PHONE, exact: true }).getAttribute('href')).toBe(
      'tel:4008200000',
    );
    await page.getByLabel('请描述您遇到的问题').fill('在App里怎么查看还款计划？');
    await tap(page, page.getByRole('button', { name: '提交' }));
    await page.getByRole('status').filter({ hasText: '已提交，客服会尽快回复' }).waitFor();
    await page.getByRole('region', { name: '我的提问' }).getByText('待回复').first().waitFor();
    await screenshotsAtWidths(page, 'help-app');
    await context.close();
  });

  it('every error page leads to 帮助与客服, which a visitor can read and is offered login to ask', async () => {
    const context = await newMobileContext(browser);
    const page = await context.newPage();
    for (const address of ['/no-such-page', '/error500']) {
      await page.goto(`${server.baseUrl}${address}`);
      await waitForApp(page);
      const help = page.getByRole('link', { name: '联系客服' });
      expect(await help.getAttribute('href'), address).toBe('/mine/help');
      await expectFitsThePhone(page);
    }
    await tap(page, page.getByRole('link', { name: '联系客服' }));
    await page.waitForURL(`${server.baseUrl}/mine/help`);
    await waitForApp(page);
    await page.getByRole('region', { name: '常见问题' }).getByRole('button', { name: '如何还款？' }).waitFor();
    const ask = page.getByRole('region', { name: '我要提问' });
    expect(await ask.getByRole('link', { name: '登录后提问' }).getAttribute('href')).toBe('/login?returnUrl=%2Fmine%2Fhelp');
    expect(await page.getByRole('region', { name: '我的提问' }).count()).toBe(0);
    await screenshotsAtWidths(page, 'help-visitor');
    await context.close();
  });
});
