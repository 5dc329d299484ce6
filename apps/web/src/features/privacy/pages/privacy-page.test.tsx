// /mine/privacy as a person sees it (STYLE.md "Tests"): the two lists as the server made them (values masked,
// 未收集, the sandbox said to send nothing), a copy asked for with an SMS code to the account's own phone
// (refusals said where they belong), and 撤回同意 explained before it is done, with deregistration offered.
// Answers built through the endpoints' response schemas.
import { API, SUBCODE } from '@tyd/protocol/wire';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../../components/toaster';
import { TransportError } from '../../../lib/api-errors';
import { dismissToast } from '../../../lib/notify';
import { createRouter, type Router } from '../../../lib/router';
import { RouterContext } from '../../../lib/router-react';
import { clearQueries } from '../../../lib/server-state';
import { clearSession, sessionStore, startSession } from '../../../lib/session';
import { answer, answerData } from '../../../test/api-answers';
import PrivacyPage from './privacy-page';

const api = vi.hoisted(() => ({ request: vi.fn(), call: vi.fn() }));
vi.mock('../../../lib/api-client', async () => (await import('../../../test/api-answers')).checkedClient(api));

// 2026-11-24 10:00 in Beijing.
const AT = Date.UTC(2026, 10, 24, 2);
const about = { purpose: '用途', scenario: '场景' };
const COLLECTED = answerData(API.personalInfoList, {
  items: [
    { kind: 'phone', title: '手机号码', ...about, status: 'held', value: '138****5678', collectedAt: AT },
    { kind: 'identity', title: '身份信息', ...about, status: 'held', value: '张*三 110***********1234', collectedAt: AT },
    { kind: 'bank-cards', title: '银行卡信息', ...about, status: 'none', value: null, collectedAt: null },
    {
      kind: 'login-devices',
      title: '登录设备',
      ...about,
      status: 'held',
      value: '登录中 1 台，设备记录共 2 条（含已退出）；最近：Pixel 8 · Android 14 · Chrome',
      collectedAt: AT,
    },
    { kind: 'login-records', title: '登录记录', ...about, status: 'held', value: '登录成功 2 次，验证码未通过 1 次', collectedAt: AT },
    { kind: 'analytics', title: '浏览与使用统计', ...about, status: 'not-linked', value: '匿名记录，未与您的账号关联', collectedAt: null },
  ],
  export: { perDay: 3, leftToday: 2, ttlSeconds: 600 },
});
const SHARING = answerData(API.thirdPartySharingList, {
  items: [
    {
      provider: 'sms',
      title: '短信服务',
      recipient: '沙箱，不向第三方发送',
      sandbox: true,
      data: '手机号码、验证码',
      purpose: '发送验证码',
      method: 'HTTPS（TLS）加密传输',
    },
    {
      provider: 'ocr',
      title: '身份证识别（OCR）',
      recipient: '身份证识别（OCR）服务方（ocr.tencentcloudapi.com）',
      sandbox: false,
      data: '身份证照片',
      purpose: '识别证件',
      method: 'HTTPS（TLS）加密传输',
    },
  ],
});
const EXPORT_ID = 'x_AAAAAAAAAAAAAAAAAAAAAA';

const sent = (path: string) => api.request.mock.calls.filter(([p]) => p === path).map(([, payload]) => payload as unknown);

function answerLists(collected: unknown = COLLECTED) {
  api.call.mockImplementation(async (path: string) => {
    if (path === API.personalInfoList.path) {
      if (collected instanceof Error) throw collected;
      return collected;
    }
    if (path === API.thirdPartySharingList.path) return SHARING;
    throw new Error(`unexpected call ${path}`);
  });
}

let router: Router;
async function open() {
  window.history.replaceState(null, '', '/mine/privacy');
  router = createRouter();
  await router.start();
  render(
    <RouterContext value={router}>
      <PrivacyPage />
      <Toaster />
    </RouterContext>,
  );
}

beforeEach(() => {
  localStorage.clear();
  startSession({ accessToken: 'tok', phone: '13812345678' });
});
afterEach(() => {
  cleanup();
  router?.destroy();
  clearQueries();
  clearSession();
  api.call.mockReset();
  api.request.mockReset();
  act(() => dismissToast());
});

describe('/mine/privacy', () => {
  it('lists what the account holds, masked, with 未收集, and who receives what, the sandbox said to send nothing', async () => {
    answerLists();
    await open();
    const collected = screen.getByRole('region', { name: '已收集个人信息清单' });
    const items = await within(collected).findAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('heading', { level: 3 }).textContent)).toEqual([
      '手机号码',
      '身份信息',
      '银行卡信息',
      '登录设备',
      '登录记录',
      '浏览与使用统计',
    ]);
    expect(items[0]!.textContent).toContain('138****5678');
    expect(items[0]!.textContent).toContain('已收集');
    expect(items[0]!.textContent).toContain('收集时间2026-11-24 10:00');
    expect(items[2]!.textContent).toContain('未收集');
    expect(items[2]!.textContent).not.toContain('收集时间');
    expect(items[3]!.textContent).toContain('最近：Pixel 8 · Android 14 · Chrome');
    expect(items[4]!.textContent).toContain('登录成功 2 次，验证码未通过 1 次');
    expect(items[5]!.textContent).toContain('未关联账号');

    const sharing = screen.getByRole('region', { name: '与第三方共享个人信息清单' });
    const providers = await within(sharing).findAllByRole('listitem');
    expect(providers[0]!.textContent).toContain('沙箱');
    expect(providers[0]!.textContent).toContain('接收方沙箱，不向第三方发送');
    expect(providers[1]!.textContent).toContain('ocr.tencentcloudapi.com');
    expect(providers[1]!.textContent).not.toContain('沙箱');

    const exporting = screen.getByRole('region', { name: '导出我的个人信息' });
    expect(exporting.textContent).toContain('今日还可导出 2 次（每日 3 次）');
    expect(exporting.textContent).toContain('10分钟内有效');
  });

  it('says a list it could not fetch, with 重新加载', async () => {
    answerLists(new TransportError('network', '网络连接异常，请稍后重试'));
    await open();
    const collected = screen.getByRole('region', { name: '已收集个人信息清单' });
    expect((await within(collected).findByRole('alert')).textContent).toContain('网络连接异常，请稍后重试');
    answerLists();
    await userEvent.click(within(collected).getByRole('button', { name: '重新加载' }));
    expect(await within(collected).findByText('138****5678')).toBeTruthy();
  });

  it('asks for a copy with a code to the account’s own phone and opens it; a wrong code is said at the field', async () => {
    answerLists();
    api.request.mockImplementation(async (path: string, payload: { smsCode?: string }) => {
      if (path === API.sendSmsCode.path) return answer(API.sendSmsCode, { cooldownSeconds: 60, expiresInSeconds: 300 });
      if (payload.smsCode === '111111')
        return { code: '400', subcode: SUBCODE.SMS_CODE_WRONG, msg: '请求参数错误', submsg: '验证码错误，请重新输入', data: { attemptsLeft: 4 } };
      return answer(API.requestDataExport, { exportId: EXPORT_ID, expiresAt: AT + 600_000, leftToday: 1 });
    });
    await open();
    const exporting = screen.getByRole('region', { name: '导出我的个人信息' });
    await userEvent.click(within(exporting).getByRole('button', { name: '获取验证码' }));
    expect(sent(API.sendSmsCode.path)).toEqual([{ purpose: 'export-data' }]);

    await userEvent.type(within(exporting).getByLabelText('验证码'), '111111');
    await userEvent.click(within(exporting).getByRole('button', { name: '申请导出' }));
    expect(await within(exporting).findByText('验证码错误，请重新输入')).toBeTruthy();
    expect(router.current?.path).toBe('/mine/privacy');

    await userEvent.clear(within(exporting).getByLabelText('验证码'));
    await userEvent.type(within(exporting).getByLabelText('验证码'), '123456');
    await userEvent.click(within(exporting).getByRole('button', { name: '申请导出' }));
    expect(sent(API.requestDataExport.path)).toEqual([{ smsCode: '111111' }, { smsCode: '123456' }]);
    await vi.waitFor(() => expect(router.current?.fullPath).toBe(`/mine/privacy/export?id=${EXPORT_ID}`));
  });

  it('says the day’s copies are used up in the card, and offers no request once none is left', async () => {
    answerLists();
    api.request.mockResolvedValue({
      code: '429',
      subcode: SUBCODE.DATA_EXPORT_DAILY_LIMIT,
      msg: '请求过于频繁，请稍后重试',
      submsg: '今日导出次数已达上限，请明天再试',
      data: { retryAfterSeconds: 3600 },
    });
    await open();
    const exporting = screen.getByRole('region', { name: '导出我的个人信息' });
    await userEvent.type(within(exporting).getByLabelText('验证码'), '123456');
    await userEvent.click(within(exporting).getByRole('button', { name: '申请导出' }));
    expect((await within(exporting).findByRole('alert')).textContent).toBe('今日导出次数已达上限，请明天再试');

    cleanup();
    clearQueries();
    answerLists(answerData(API.personalInfoList, { ...COLLECTED, export: { perDay: 3, leftToday: 0, ttlSeconds: 600 } }));
    await open();
    const used = await screen.findByRole('button', { name: '今日导出次数已用完' });
    expect((used as HTMLButtonElement).disabled).toBe(true);
  });

  it('explains withdrawing consent first, offers deregistration instead, then signs out and says how to deregister', async () => {
    answerLists();
    api.request.mockResolvedValue({ code: '200', msg: '成功' });
    await open();
    const withdrawal = screen.getByRole('region', { name: '撤回同意' });
    await userEvent.click(within(withdrawal).getByRole('button', { name: '撤回同意' }));
    const dialog = screen.getByRole('dialog', { name: '确定撤回同意？' });
    expect(dialog.textContent).toContain('撤回后您将无法继续使用通盈达的服务');
    expect(dialog.textContent).toContain('所有设备上的登录将立即退出');
    expect(within(dialog).getByRole('link', { name: '改为注销账号' }).getAttribute('href')).toBe('/mine/signOff');
    expect(sent(API.withdrawConsent.path)).toEqual([]);
    const listReads = () => api.call.mock.calls.length;
    const readsBefore = listReads();

    await userEvent.click(within(dialog).getByRole('button', { name: '确认撤回' }));
    expect(sent(API.withdrawConsent.path)).toEqual([{}]);
    // The session ends once the answer is in (a busy machine may take longer than the click).
    await waitFor(() => expect(sessionStore.get().accessToken).toBeNull());
    expect((await screen.findByRole('main')).textContent).toContain('您已撤回同意，所有设备上的登录已退出');
    // The lists are not read again without the session (their 401 would open the login page instead).
    await new Promise((settle) => setTimeout(settle, 50));
    expect(listReads()).toBe(readsBefore);
    expect(screen.getByRole('link', { name: '登录并注销账号' }).getAttribute('href')).toBe(`/login?returnUrl=${encodeURIComponent('/mine/signOff')}`);
  });

  it('keeps the session when the withdrawal was not recorded, and says why', async () => {
    answerLists();
    api.request.mockResolvedValue({ code: '500', msg: '服务器繁忙，请稍后重试' });
    await open();
    await userEvent.click(within(screen.getByRole('region', { name: '撤回同意' })).getByRole('button', { name: '撤回同意' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: '确认撤回' }));
    expect(await screen.findByText('服务器繁忙，请稍后重试')).toBeTruthy();
    expect(sessionStore.get().accessToken).toBe('tok');
    expect(screen.getByRole('region', { name: '撤回同意' })).toBeTruthy();
  });
});
