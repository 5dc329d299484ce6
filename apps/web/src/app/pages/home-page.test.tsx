import { API } from '@tyd/protocol/wire';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRouter, type Router } from '../../lib/router';
import { RouterContext } from '../../lib/router-react';
import { invalidateQuery } from '../../lib/server-state';
import { notifyStore } from '../../lib/notify';
import { clearSession, sessionStore, startSession } from '../../lib/session';
import { answerData } from '../../test/api-answers';
import HomePage from './home-page';
import MinePage from './mine-page';

const api = vi.hoisted(() => ({ request: vi.fn(), call: vi.fn() }));
vi.mock('../../lib/api-client', async () => (await import('../../test/api-answers')).checkedClient(api));
/** certification-info for the identity tile (docs/api.md "Identity certification"). */
const NOT_CERTIFIED = {
  state: 'not-started',
  documents: { portrait: false, emblem: false },
  name: null,
  idNumber: null,
  validTo: null,
  verifiedAt: null,
  failure: null,
  faceTriesLeft: 5,
};
/** bank-card-list for the bank-card tile (docs/api.md "Bank cards"): one card, masked. */
const ONE_CARD = {
  items: [
    {
      cardId: 'bc_AAAAAAAAAAAAAAAAAAAAAA',
      bankCode: 'CMB',
      bankName: '招商银行',
      mark: { text: '招', color: '#c7000b' },
      cardType: 'debit',
      maskedNumber: '6225 **** **** 1234',
      last4: '1234',
      maskedPhone: '138****5678',
      isDefault: true,
      boundAt: 1,
      singleLimit: 50_000,
      dailyLimit: 50_000,
      agreement: null,
    },
  ],
  maxCards: 5,
  identityVerified: true,
  agreement: { title: '快捷支付服务协议', version: '2026-11-27', url: '/agreements/quick-payment-agreement.html' },
};
/** The quiet reads of home and 我的, each answered as its endpoint answers (nothing to show). */
const QUIET_ANSWERS: Record<string, unknown> = {
  [API.bankCardList.path]: ONE_CARD,
  [API.certificationInfo.path]: NOT_CERTIFIED,
  [API.newInformationInfo.path]: answerData(API.newInformationInfo, { items: [], nextCursor: null }),
  [API.homePageNotice.path]: answerData(API.homePageNotice, { notice: null }),
  [API.messageUnread.path]: answerData(API.messageUnread, { messages: 0, notices: 0, total: 0 }),
  [API.luckyDrawInfo.path]: answerData(API.luckyDrawInfo, {
    open: true,
    balance: 0,
    cost: 10,
    dailyLimit: 5,
    drawsLeftToday: 5,
    pointsValidDays: 365,
    prizes: [],
  }),
};

let router: Router;
beforeEach(async () => {
  window.history.replaceState(null, '', '/');
  router = createRouter();
  await router.start();
  clearSession();
  api.request.mockReset();
  api.call.mockReset().mockImplementation(async (path: string) => {
    if (!(path in QUIET_ANSWERS)) throw new Error(`unexpected ${path}`);
    return QUIET_ANSWERS[path];
  });
});
afterEach(() => {
  cleanup();
  router.destroy();
  invalidateQuery('check-login');
  invalidateQuery('certification-info');
});

function renderPage(page: 'home' | 'mine' = 'home') {
  return render(<RouterContext value={router}>{page === 'home' ? <HomePage /> : <MinePage />}</RouterContext>);
}

describe('/ home', () => {
  it('logged out: offers login (returning here) and links to every feature page, checking nothing', () => {
    renderPage();
    expect(screen.getByText('欢迎来到通盈达')).toBeTruthy();
    expect(screen.getByRole('link', { name: '登录 / 注册' }).getAttribute('href')).toBe('/login?returnUrl=%2F');
    expect(screen.getByRole('navigation', { name: '主导航' }).querySelector('[aria-current="page"]')?.textContent).toBe('首页');
    const nav = screen.getByRole('navigation', { name: '服务' });
    expect([...nav.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual([
      '/discover/notice',
      '/cloudSteward/index',
      '/activity-exchange',
      '/activity/invite',
      '/nfc',
      '/download',
    ]);
    expect(api.request).not.toHaveBeenCalled();
    // Logged out, home asks only for public content: the banner's notice and the newest articles.
    expect(api.call.mock.calls.map(([path]) => path).sort()).toEqual(['/v1/content/new-information-info-v1', '/v1/notice/home-page-notice']);
  });

  it('with a token: checks login quietly and shows the masked phone', async () => {
    startSession({ accessToken: 'tok', phone: '13812345678' });
    api.request.mockResolvedValue({ code: '200', msg: '成功', data: { loggedIn: true, phone: '138****5678' } });
    renderPage();
    expect(await screen.findByText('欢迎使用通盈达')).toBeTruthy();
    expect(screen.getByText('138****5678')).toBeTruthy();
    expect(screen.getByRole('link', { name: /138\*{4}5678/ }).getAttribute('href')).toBe('/mine');
    expect(api.request).toHaveBeenCalledWith('/v1/user/check-login', {}, expect.objectContaining({ toastErrors: false, unauthorized: 'ignore' }));
    // The identity tile shows where certification stands, the bank-card tile the default card.
    expect((await screen.findByRole('link', { name: /^实名认证.*未认证$/ })).getAttribute('href')).toBe('/mine/identity');
    expect((await screen.findByRole('link', { name: /^银行卡\s*招商银行 尾号1234/ })).getAttribute('href')).toBe('/bank-cards');
  });

  it('care mode’s 常用: 消息 first, saying how many are unread in words (the 消息中心 tile is hidden there)', async () => {
    startSession({ accessToken: 'tok', phone: '13812345678' });
    api.request.mockResolvedValue({ code: '200', msg: '成功', data: { loggedIn: true, phone: '138****5678' } });
    api.call.mockImplementation(async (path: string) =>
      path === API.messageUnread.path ? answerData(API.messageUnread, { messages: 2, notices: 1, total: 3 }) : QUIET_ANSWERS[path],
    );
    renderPage();
    const actions = screen.getByRole('list', { name: '常用功能' });
    expect(await within(actions).findByRole('link', { name: /^消息\s*3条未读消息$/ })).toBeTruthy();
    expect(
      within(actions)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/messages', '/mine', '/mine/help']);
    // One unread query for the tile and the action both.
    expect(api.call.mock.calls.filter(([path]) => path === API.messageUnread.path)).toHaveLength(1);
  });

  it('APP下载 is for the mobile browser: inside the app (html.in-app) its entry is hidden', () => {
    renderPage();
    const download = screen.getByRole('link', { name: /^APP下载/ });
    expect(download.closest('li')!.classList.contains('link-list__browser-only')).toBe(true);
  });

  it('the tiles leave a 401 to home’s own quiet login check, so a stale token never sends the person to login', async () => {
    startSession({ accessToken: 'tok', phone: '13812345678' });
    api.request.mockResolvedValue({ code: '200', msg: '成功', data: { loggedIn: true, phone: '138****5678' } });
    renderPage();
    await screen.findByRole('link', { name: /^实名认证/ });
    for (const path of [API.messageUnread.path, API.certificationInfo.path, API.bankCardList.path, API.luckyDrawInfo.path]) {
      await vi.waitFor(() => expect(api.call).toHaveBeenCalledWith(path, {}, expect.objectContaining({ unauthorized: 'ignore' })));
    }
  });

  it('a failed login check clears the session (SPEC §7) and home shows logged out', async () => {
    startSession({ accessToken: 'stale', phone: '13812345678' });
    api.request.mockResolvedValue({ code: '401', msg: '登录已失效，请重新登录' });
    renderPage();
    await act(async () => {
      await vi.waitFor(() => expect(sessionStore.get().accessToken).toBeNull());
    });
    expect(screen.getByText('欢迎来到通盈达')).toBeTruthy();
    expect(localStorage.getItem('phone')).toBeNull();
  });
});

describe('/mine', () => {
  it('logged out: offers login back to /mine, and no logout or deregistration', () => {
    renderPage('mine');
    expect(screen.getByText('未登录')).toBeTruthy();
    expect(screen.getByRole('link', { name: '登录 / 注册' }).getAttribute('href')).toBe('/login?returnUrl=%2Fmine');
    expect(screen.queryByRole('button', { name: '退出登录' })).toBeNull();
    expect(screen.queryByRole('link', { name: '注销账号' })).toBeNull();
  });

  it('shows the phone the server confirms, which replaces the stored one', async () => {
    startSession({ accessToken: 'tok', phone: '13812345678' });
    api.request.mockResolvedValue({ code: '200', msg: '成功', data: { loggedIn: true, phone: '139****0000' } });
    renderPage('mine');
    expect(await screen.findByText('139****0000')).toBeTruthy();
    expect(screen.getByRole('link', { name: '注销账号' }).getAttribute('href')).toBe('/mine/signOff');
    expect(await screen.findByText('招商银行 尾号1234')).toBeTruthy();
  });

  it('logged in, 协议与政策 leads to the agreements the person accepted', async () => {
    startSession({ accessToken: 'tok', phone: '13812345678' });
    api.request.mockResolvedValue({ code: '200', msg: '成功', data: { loggedIn: true, phone: '138****5678' } });
    renderPage('mine');
    expect(screen.getByRole('link', { name: /协议与政策/ }).getAttribute('href')).toBe('/mine/agreements');
  });

  it('a session the server refused (401) is said on the logged-out card', async () => {
    startSession({ accessToken: 'stale', phone: '13812345678' });
    api.request.mockResolvedValue({ code: '401', msg: '登录已失效，请重新登录' });
    renderPage('mine');
    expect(await screen.findByText('登录已失效，请重新登录')).toBeTruthy();
    expect(screen.getByText('未登录')).toBeTruthy();
  });

  it('退出登录 asks first; cancel keeps the session; confirm ends it, says so and goes home', async () => {
    startSession({ accessToken: 'tok', phone: '13812345678' });
    api.request.mockImplementation(async (path: string) =>
      path === '/v1/user/check-login' ? { code: '200', msg: '成功', data: { loggedIn: true, phone: '138****5678' } } : { code: '200', msg: '成功' },
    );
    await router.navigate('/mine');
    renderPage('mine');
    await userEvent.click(screen.getByRole('button', { name: '退出登录' }));
    const dialog = screen.getByRole('dialog', { name: '确定退出登录？' });
    await userEvent.click(within(dialog).getByRole('button', { name: '取消' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sessionStore.get().accessToken).toBe('tok');
    await userEvent.click(screen.getByRole('button', { name: '退出登录' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: '退出登录' }));
    await vi.waitFor(() => expect(sessionStore.get().accessToken).toBeNull());
    expect(api.request).toHaveBeenCalledWith('/v1/user/logout', {}, expect.anything());
    expect(notifyStore.get().toast?.text).toBe('已退出登录');
    await vi.waitFor(() => expect(router.current?.path).toBe('/'));
  });
});
