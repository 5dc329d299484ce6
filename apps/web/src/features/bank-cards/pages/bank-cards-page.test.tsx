// /bank-cards and /bank-cards/bind as a user meets them: the empty list with its bind button, the
// unverified user sent to certification, the cards masked with the default marked, and the two binding
// steps with the answers shown where they belong.
import { waitFor, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearQueries } from '../../../lib/server-state';
import { createRouter, type Router } from '../../../lib/router';
import { RouterContext } from '../../../lib/router-react';
import BankCardsPage from './bank-cards-page';
import BindCardPage from './bind-card-page';
import CardAgreementPage from './card-agreement-page';
import CardDetailPage from './card-detail-page';

const api = vi.hoisted(() => ({ request: vi.fn(), call: vi.fn() }));
vi.mock('../../../lib/api-client', async () => (await import('../../../test/api-answers')).checkedClient(api));

const CARD = {
  cardId: 'bc_AAAAAAAAAAAAAAAAAAAAAA',
  bankCode: 'ICBC',
  bankName: '工商银行',
  mark: { text: '工', color: '#c7000b' },
  cardType: 'debit',
  maskedNumber: '6222 **** **** 3441',
  last4: '3441',
  maskedPhone: '138****5678',
  isDefault: true,
  boundAt: 1_795_000_000_000,
  singleLimit: 50_000,
  dailyLimit: 50_000,
  agreement: { version: '2026-11-27', agreedAt: 1_794_999_900_000 },
};
const AGREEMENT = { title: '快捷支付服务协议', version: '2026-11-27', url: '/agreements/quick-payment-agreement.html' };
/** certification-info of a verified holder: the masked name the bind page shows as 持卡人. */
const VERIFIED = {
  state: 'verified',
  documents: { portrait: true, emblem: true },
  name: '沙*户',
  idNumber: '110***********9905',
  validTo: 'long-term',
  verifiedAt: 1_794_000_000_000,
  failure: null,
  faceTriesLeft: 5,
};

/** The quiet reads (api.call) answered by path, each as its endpoint answers. */
function readsAnswer(answers: Record<string, unknown>) {
  api.call.mockImplementation(async (path: string) => answers[path]);
}

let router: Router;
async function open(path: string, Page: () => React.JSX.Element) {
  window.history.replaceState(null, '', path);
  router = createRouter();
  await router.start();
  render(
    <RouterContext value={router}>
      <Page />
    </RouterContext>,
  );
}

beforeEach(() => {
  api.request.mockReset();
  api.call.mockReset();
  clearQueries();
});
afterEach(cleanup);

describe('/bank-cards', () => {
  it('shows the shape of a card while the list loads, not a blank page with 正在加载…', async () => {
    api.call.mockReturnValue(new Promise(() => {}));
    await open('/bank-cards', BankCardsPage);
    expect(screen.queryByText('正在加载…')).toBeNull();
    const busy = document.querySelector('[aria-busy="true"]');
    expect(busy?.querySelector('.bank-card--skeleton')).toBeTruthy();
    expect(busy?.querySelector('.skeleton-button')).toBeTruthy();
  });

  it('shows 暂无记录 with a bind button when there are no cards', async () => {
    api.call.mockResolvedValue({ items: [], maxCards: 5, identityVerified: true, agreement: AGREEMENT });
    await open('/bank-cards', BankCardsPage);
    expect(await screen.findByText('暂无记录')).toBeTruthy();
    expect(screen.getByRole('link', { name: '添加银行卡' }).getAttribute('href')).toBe('/bank-cards/bind');
  });

  it('sends an unverified user to certification first, and says why', async () => {
    api.call.mockResolvedValue({ items: [], maxCards: 5, identityVerified: false, agreement: AGREEMENT });
    await open('/bank-cards', BankCardsPage);
    expect(await screen.findByText('绑定银行卡需先完成实名认证，且只能绑定本人名下的借记卡。')).toBeTruthy();
    expect(screen.getByRole('link', { name: '去实名认证' }).getAttribute('href')).toBe('/mine/identity');
    expect(screen.queryByRole('link', { name: '添加银行卡' })).toBeNull();
  });

  it('lists the cards masked, the default marked, and no bind button at the limit', async () => {
    const cards = Array.from({ length: 5 }, (_, i) => ({ ...CARD, cardId: `bc_AAAAAAAAAAAAAAAAAAAAA${i}`, isDefault: i === 0 }));
    api.call.mockResolvedValue({ items: cards, maxCards: 5, identityVerified: true, agreement: AGREEMENT });
    await open('/bank-cards', BankCardsPage);
    expect(await screen.findByRole('link', { name: '工商银行借记卡，尾号3441，默认卡' })).toBeTruthy();
    expect(screen.getAllByText('6222 **** **** 3441')).toHaveLength(5);
    expect(screen.queryByRole('link', { name: '添加银行卡' })).toBeNull();
    expect(screen.getByText('最多可绑定5张银行卡，如需添加请先解绑其他银行卡')).toBeTruthy();
  });
});

describe('/bank-cards/detail', () => {
  it('leads to the 快捷支付协议 the card was bound under', async () => {
    readsAnswer({ '/v1/user/bank-card-list': { items: [CARD], maxCards: 5, identityVerified: true, agreement: AGREEMENT } });
    await open(`/bank-cards/detail?id=${CARD.cardId}`, CardDetailPage);
    const link = await screen.findByRole('link', { name: '查看（2026-11-27版）' });
    expect(link.getAttribute('href')).toBe(`/bank-cards/agreement?id=${CARD.cardId}`);
  });

  it('shows the card with the day it was bound in China time (SPEC §3: YYYY-MM-DD)', async () => {
    // 2026-03-01T16:30Z is already 2026-03-02 in China.
    api.call.mockResolvedValue({ items: [{ ...CARD, boundAt: Date.UTC(2026, 2, 1, 16, 30) }], maxCards: 5, identityVerified: true, agreement: AGREEMENT });
    await open(`/bank-cards/detail?id=${CARD.cardId}`, CardDetailPage);
    const bound = await screen.findByText('绑定时间');
    expect(bound.nextElementSibling?.textContent).toBe('2026-03-02');
  });
});

describe('/bank-cards/agreement', () => {
  it('shows the version agreed and when (China time), the card, and the text to read', async () => {
    // 2026-11-26T16:30Z is 2026-11-27 00:30 in China.
    const card = { ...CARD, agreement: { version: '2026-11-27', agreedAt: Date.UTC(2026, 10, 26, 16, 30) } };
    readsAnswer({ '/v1/user/bank-card-list': { items: [card], maxCards: 5, identityVerified: true, agreement: AGREEMENT } });
    await open(`/bank-cards/agreement?id=${CARD.cardId}`, CardAgreementPage);
    expect((await screen.findByText('同意的版本')).nextElementSibling?.textContent).toBe('2026-11-27');
    expect(screen.getByText('同意时间').nextElementSibling?.textContent).toBe('2026-11-27 00:30');
    expect(screen.getByText('协议名称').nextElementSibling?.textContent).toBe('快捷支付服务协议');
    expect(screen.getByText('适用银行卡').nextElementSibling?.textContent).toBe('工商银行 尾号3441');
    expect(new URL(screen.getByRole('link', { name: '查看协议全文' }).getAttribute('href')!).pathname).toBe('/agreements/quick-payment-agreement.html');
  });

  it('says when the version was not recorded, and when a newer one holds for new cards', async () => {
    readsAnswer({ '/v1/user/bank-card-list': { items: [{ ...CARD, agreement: null }], maxCards: 5, identityVerified: true, agreement: AGREEMENT } });
    await open(`/bank-cards/agreement?id=${CARD.cardId}`, CardAgreementPage);
    expect((await screen.findByText('同意的版本')).nextElementSibling?.textContent).toBe('未记录');
    expect(screen.getByText('该卡绑定时未记录协议版本，以下为当前版本（2026-11-27）。')).toBeTruthy();
    cleanup();
    clearQueries();
    readsAnswer({
      '/v1/user/bank-card-list': {
        items: [{ ...CARD, agreement: { version: '2026-01-01', agreedAt: 1 } }],
        maxCards: 5,
        identityVerified: true,
        agreement: AGREEMENT,
      },
    });
    await open(`/bank-cards/agreement?id=${CARD.cardId}`, CardAgreementPage);
    expect(await screen.findByText('协议已更新至2026-11-27版，新版本适用于此后绑定的银行卡。')).toBeTruthy();
  });
});

describe('/bank-cards/bind', () => {
  // The page loads the human check's runner (lib/sms-code.ts) when 下一步 is pressed; loaded once here, so
  // the waits below are for the page, not for the test runner's first transform of that module.
  beforeAll(() => import('../../../lib/sms-code'));

  it('names the bank as the number is typed, refuses a credit card at once, and binds in two steps', async () => {
    await open('/bank-cards/bind', BindCardPage);
    const number = screen.getByLabelText('银行卡号');
    expect(number.getAttribute('inputmode')).toBe('numeric');
    await userEvent.type(number, '6225750000000000');
    expect(screen.getByText('招商银行 · 信用卡：暂不支持信用卡，请使用借记卡（储蓄卡）')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '下一步' }));
    expect(screen.getByRole('alert').textContent).toBe('暂不支持信用卡，请使用借记卡（储蓄卡）');
    expect(api.request).not.toHaveBeenCalled();

    await userEvent.clear(number);
    await userEvent.type(number, '6222020200112233446');
    expect((number as HTMLInputElement).value).toBe('6222 0202 0011 2233 446');
    expect(screen.getByText('工商银行 · 借记卡')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('银行预留手机号'), '13812345678');
    api.request.mockImplementation(async (path: string) => {
      if (path === '/v1/user/bind-bankcard') {
        return {
          code: '200',
          msg: '成功',
          data: {
            ticket: 'T'.repeat(43),
            expiresInSeconds: 600,
            bankCode: 'ICBC',
            bankName: '工商银行',
            cardType: 'debit',
            maskedNumber: '6222 **** **** 3441',
            maskedPhone: '138****5678',
            cooldownSeconds: 60,
          },
        };
      }
      if (path === '/v1/user/user-bind-bankcard') return { code: '400', msg: '请求参数错误', subcode: '4202', submsg: '验证码错误' };
      throw new Error(path);
    });
    await userEvent.click(screen.getByRole('button', { name: '下一步' }));
    // Step 1 goes through the human check's runner, loaded when the button is pressed (lib/sms-code.ts).
    await vi.waitFor(() =>
      expect(api.request).toHaveBeenCalledWith('/v1/user/bind-bankcard', { cardNumber: '6222020200112233446', phone: '13812345678' }, expect.anything()),
    );
    expect(await screen.findByText(/验证码已发送至银行预留手机号 138\*\*\*\*5678/)).toBeTruthy();
    expect(screen.getByRole('button', { name: '60秒后重发' })).toHaveProperty('disabled', true);
    await userEvent.type(screen.getByLabelText('短信验证码'), '123456');
    await userEvent.click(screen.getByRole('button', { name: '确认绑定' }));
    expect(api.request).toHaveBeenCalledWith('/v1/user/user-bind-bankcard', { ticket: 'T'.repeat(43), smsCode: '123456' }, expect.anything());
    expect((await screen.findByRole('alert')).textContent).toBe('验证码错误');
  });

  it('names the holder by the verified masked name and links the 快捷支付服务协议 that 下一步 agrees to', async () => {
    readsAnswer({
      '/v1/user/certification-info': VERIFIED,
      '/v1/user/bank-card-list': { items: [], maxCards: 5, identityVerified: true, agreement: AGREEMENT },
    });
    await open('/bank-cards/bind', BindCardPage);
    expect(await screen.findByText('持卡人：沙*户')).toBeTruthy();
    const link = await screen.findByRole('link', { name: '《快捷支付服务协议》' });
    expect(new URL(link.getAttribute('href')!).pathname).toBe('/agreements/quick-payment-agreement.html');
    expect(link.closest('p')?.textContent).toBe('点击下一步即表示您同意《快捷支付服务协议》并开通快捷支付（协议支付），银行将向预留手机号发送验证码。');
    // The supported banks, collapsed, are a row, not an empty card; opened, a card.
    const summary = screen.getByText('查看支持的银行及限额');
    expect(summary.closest('details')?.classList.contains('card')).toBe(false);
  });

  it('says one thing about a refused number: a credit card once, a frozen card without the typing hint', async () => {
    await open('/bank-cards/bind', BindCardPage);
    const number = screen.getByLabelText('银行卡号');
    await userEvent.type(number, '6225750000000000');
    await userEvent.click(screen.getByRole('button', { name: '下一步' }));
    expect(screen.getAllByText(/暂不支持信用卡/)).toHaveLength(1);

    // A card the offline table does not name (the sandbox's 620000…) that the bank reports frozen (4506).
    await userEvent.clear(number);
    await userEvent.type(number, '6200000100000000');
    expect(screen.getByText('未识别该卡号所属银行，请核对卡号或查看支持的银行')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('银行预留手机号'), '13812345678');
    api.request.mockResolvedValueOnce({
      code: '400',
      msg: '请求参数错误',
      subcode: '4506',
      submsg: '该银行卡暂不可用，请更换其他银行卡',
      data: { outcome: 'unusable', reason: 'frozen' },
    });
    await userEvent.click(screen.getByRole('button', { name: '下一步' }));
    expect((await screen.findByRole('alert')).textContent).toBe('该银行卡暂不可用，请更换其他银行卡');
    expect(screen.queryByText(/未识别该卡号所属银行/)).toBeNull();
  });

  it("shows a phone mismatch at the phone field and a card in someone else's name at the card field", async () => {
    await open('/bank-cards/bind', BindCardPage);
    await userEvent.type(screen.getByLabelText('银行卡号'), '6222020200112233446');
    await userEvent.type(screen.getByLabelText('银行预留手机号'), '13900000000');
    api.request.mockResolvedValueOnce({
      code: '400',
      msg: '请求参数错误',
      subcode: '4505',
      submsg: '银行卡信息校验未通过',
      data: { outcome: 'mismatch', field: 'phone' },
    });
    await userEvent.click(screen.getByRole('button', { name: '下一步' }));
    expect((await screen.findByRole('alert')).textContent).toBe('手机号与银行预留手机号不一致，请核对');
    api.request.mockResolvedValueOnce({
      code: '400',
      msg: '请求参数错误',
      subcode: '4505',
      submsg: '银行卡信息校验未通过',
      data: { outcome: 'mismatch', field: 'holder' },
    });
    await userEvent.click(screen.getByRole('button', { name: '下一步' }));
    expect(await screen.findByText('该银行卡不属于您本人，请绑定本人名下的借记卡')).toBeTruthy();
  });

  it('a number sent a code moments ago: says nothing was sent and when to ask again, counts down, and offers 下一步 again then', async () => {
    await open('/bank-cards/bind', BindCardPage);
    await userEvent.type(screen.getByLabelText('银行卡号'), '6222020200112233446');
    await userEvent.type(screen.getByLabelText('银行预留手机号'), '13812345678');
    api.request.mockResolvedValueOnce({ code: '406', msg: '操作过于频繁，请稍后再试', data: { reason: 'cooldown', retryAfterSeconds: 2 } });
    await userEvent.click(screen.getByRole('button', { name: '下一步' }));
    expect((await screen.findByText(/^验证码未发送/)).textContent).toBe('验证码未发送：该手机号刚获取过验证码，请2秒后重新获取');
    expect(screen.getByRole('button', { name: '下一步' }).hasAttribute('disabled')).toBe(true);
    // The form keeps what was typed; a typo fixed to another number may go on at once.
    await userEvent.type(screen.getByLabelText('银行预留手机号'), '{Backspace}9');
    expect(screen.getByRole('button', { name: '下一步' }).hasAttribute('disabled')).toBe(false);
    expect(screen.queryByText(/^验证码未发送/)).toBeNull();
    await userEvent.type(screen.getByLabelText('银行预留手机号'), '{Backspace}8');
    expect(screen.getByText(/^验证码未发送/)).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('button', { name: '下一步' }).hasAttribute('disabled')).toBe(false), { timeout: 4_000 });
  });
});
