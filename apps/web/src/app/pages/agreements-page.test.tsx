// /mine/agreements as a person sees it (STYLE.md "Tests"): each agreement with the version agreed and its
// date, a newer version said plainly, the card's 快捷支付服务协议, and the documents opening in the app's
// window inside the app; answers built through the endpoints' response schemas.
import { API } from '@tyd/protocol/wire';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as EnvModule from '../../lib/env';
import type { ClientEnv } from '../../lib/env';
import { BRIDGE_NAME, type BridgeMessage } from '../../lib/native-bridge';
import { createRouter } from '../../lib/router';
import { RouterContext } from '../../lib/router-react';
import { invalidateQuery } from '../../lib/server-state';
import { answerData } from '../../test/api-answers';
import AgreementsPage from './agreements-page';

const api = vi.hoisted(() => ({ request: vi.fn(), call: vi.fn() }));
vi.mock('../../lib/api-client', async () => (await import('../../test/api-answers')).checkedClient(api));
const env = vi.hoisted(() => ({ current: { inApp: false } as ClientEnv }));
vi.mock('../../lib/env', async (original) => ({ ...(await original<typeof EnvModule>()), clientEnv: () => env.current }));

// 2026-11-24 and 2026-12-02 in Beijing.
const NOV_24 = Date.UTC(2026, 10, 24, 2);
const DEC_02 = Date.UTC(2026, 11, 2, 2);
const AGREEMENTS = answerData(API.myAgreements, {
  items: [
    { kind: 'privacy', title: '隐私政策', url: '/agreements/privacy-policy.html', currentVersion: '2026-12-01', agreedVersion: '2026-11-01', agreedAt: NOV_24 },
    {
      kind: 'agreement',
      title: '用户服务协议',
      url: '/agreements/service-agreement.html',
      currentVersion: '2026-11-01',
      agreedVersion: '2026-11-01',
      agreedAt: NOV_24,
    },
  ],
});
const CARDS = answerData(API.bankCardList, {
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
      boundAt: DEC_02,
      singleLimit: 50_000,
      dailyLimit: 50_000,
      agreement: { version: '2026-11-27', agreedAt: DEC_02 },
    },
  ],
  maxCards: 5,
  identityVerified: true,
  agreement: { title: '快捷支付服务协议', version: '2026-11-27', url: '/agreements/quick-payment-agreement.html' },
});

function answerWith(byPath: Record<string, unknown>) {
  api.call.mockImplementation(async (path: string) => {
    if (!(path in byPath)) throw new Error(`unexpected call ${path}`);
    const value = byPath[path];
    if (value instanceof Error) throw value;
    return value;
  });
}

async function open() {
  window.history.replaceState(null, '', '/mine/agreements');
  const router = createRouter();
  await router.start();
  render(
    <RouterContext value={router}>
      <AgreementsPage />
    </RouterContext>,
  );
}

beforeEach(() => {
  env.current = { inApp: false } as ClientEnv;
  api.call.mockReset();
});
afterEach(() => {
  cleanup();
  invalidateQuery('my-agreements');
  invalidateQuery('bank-card-list');
  delete (window as unknown as Record<string, unknown>)[BRIDGE_NAME];
});

describe('/mine/agreements', () => {
  it('lists each agreement with the version agreed and its date; a newer version is said; the card’s agreement too', async () => {
    answerWith({ [API.myAgreements.path]: AGREEMENTS, [API.bankCardList.path]: CARDS });
    await open();
    const login = await screen.findByRole('list', { name: '登录时同意的协议' });
    const [privacy, service] = within(login).getAllByRole('link');
    expect(privacy!.textContent).toBe('《隐私政策》您于2026-11-24同意 · 版本 2026-11-01已更新至版本 2026-12-01，下次使用时请您确认');
    expect(privacy!.getAttribute('href')).toBe('/agreements/privacy-policy.html');
    expect(service!.textContent).toBe('《用户服务协议》您于2026-11-24同意 · 版本 2026-11-01');
    const card = await screen.findByRole('list', { name: '绑定银行卡时同意的协议' });
    expect(within(card).getByRole('link').textContent).toBe('《快捷支付服务协议》招商银行（尾号1234）绑卡时同意 · 2026-12-02 · 版本 2026-11-27');
  });

  it('a person with no record is told so; without cards there is no card section', async () => {
    const none = answerData(API.myAgreements, { items: AGREEMENTS.items.map((item) => ({ ...item, agreedVersion: null, agreedAt: null })) });
    answerWith({ [API.myAgreements.path]: none, [API.bankCardList.path]: { ...CARDS, items: [] } });
    await open();
    const login = await screen.findByRole('list', { name: '登录时同意的协议' });
    expect(within(login).getAllByText('暂无您的同意记录')).toHaveLength(2);
    expect(screen.queryByRole('list', { name: '绑定银行卡时同意的协议' })).toBeNull();
  });

  it('inside the app a document opens in the app’s window (openWin), not a tab', async () => {
    env.current = { inApp: true } as ClientEnv;
    const posted: BridgeMessage[] = [];
    (window as unknown as Record<string, unknown>)[BRIDGE_NAME] = { postMessage: (text: string) => posted.push(JSON.parse(text) as BridgeMessage) };
    answerWith({ [API.myAgreements.path]: AGREEMENTS, [API.bankCardList.path]: CARDS });
    await open();
    await userEvent.setup().click(await screen.findByRole('link', { name: /《用户服务协议》/ }));
    await vi.waitFor(() =>
      expect(posted.find((m) => m.method === 'openWin')?.params).toEqual({
        url: `${window.location.origin}/agreements/service-agreement.html`,
        title: '用户服务协议',
      }),
    );
  });

  it('a failed read says so instead of an empty page', async () => {
    answerWith({ [API.myAgreements.path]: new Error('boom'), [API.bankCardList.path]: CARDS });
    await open();
    expect((await screen.findByRole('status')).textContent).toBe('暂时无法获取，请稍后重试');
  });
});
