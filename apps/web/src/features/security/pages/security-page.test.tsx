// /mine/security as a person sees it (STYLE.md "Tests"): the signed-in devices with 本机 marked, what each is
// and where it was last used, 下线 only after a confirmation (cancel ends nothing), a device already gone said
// so and the list read again, 下线其他所有设备 with its count, 登录记录 with results and 加载更多, and the way
// on to 更换手机号 and 个人信息. Answers built through the endpoints' response schemas.
import { API, CODE, SUBCODE } from '@tyd/protocol/wire';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRouter, type Router } from '../../../lib/router';
import { RouterContext } from '../../../lib/router-react';
import { clearQueries } from '../../../lib/server-state';
import { clearSession, startSession } from '../../../lib/session';
import { answer, answerData } from '../../../test/api-answers';
import { Toaster } from '../../../components/toaster';
import SecurityPage from './security-page';

const api = vi.hoisted(() => ({ request: vi.fn(), call: vi.fn() }));
vi.mock('../../../lib/api-client', async () => (await import('../../../test/api-answers')).checkedClient(api));

// 2026-11-27 09:00 and 12:30 in Beijing.
const SIGNED_IN = Date.UTC(2026, 10, 27, 1);
const LAST = Date.UTC(2026, 10, 27, 4, 30);
const THIS_ONE = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';
const THIRD = '33333333-3333-4333-8333-333333333333';

const DEVICES = answerData(API.loginDevices, {
  devices: [
    {
      id: THIS_ONE,
      device: '小米 23127PN0CC · Android 14',
      client: 'browser',
      clientName: 'Chrome',
      region: '广东省深圳市',
      address: '120.24.*.*',
      firstActiveAt: SIGNED_IN,
      lastActiveAt: LAST,
      current: true,
    },
    {
      id: OTHER,
      device: 'iPhone · iOS 17.4',
      client: 'app',
      clientName: '通盈达App',
      region: '内网',
      address: '10.0.*.*',
      firstActiveAt: SIGNED_IN,
      lastActiveAt: LAST,
      current: false,
    },
    {
      id: THIRD,
      device: 'Windows 10',
      client: 'browser',
      clientName: 'Edge',
      region: '美国',
      address: '8.8.*.*',
      firstActiveAt: SIGNED_IN,
      lastActiveAt: SIGNED_IN,
      current: false,
    },
  ],
});
const ONLY_THIS = answerData(API.loginDevices, { devices: [DEVICES.devices[0]!] });
const record = (n: number, result: 'success' | 'code-wrong', at: number) => ({
  id: `${String(n).repeat(8)}-0000-4000-8000-000000000000`,
  at,
  device: 'iPhone · iOS 17.4',
  client: 'app' as const,
  clientName: '通盈达App',
  region: '美国',
  address: '8.8.*.*',
  result,
  method: 'sms' as const,
});
const RECORDS = answerData(API.loginRecords, { items: [record(1, 'code-wrong', LAST), record(2, 'success', SIGNED_IN)], nextCursor: 'next' });
const MORE_RECORDS = answerData(API.loginRecords, { items: [record(3, 'success', SIGNED_IN - 86_400_000)], nextCursor: null });

let devices = DEVICES;
function answerReads() {
  api.call.mockImplementation(async (path: string, payload: { cursor?: string }) => {
    if (path === API.loginDevices.path) return devices;
    if (path === API.loginRecords.path) return payload.cursor === 'next' ? MORE_RECORDS : RECORDS;
    if (path === API.endOtherSessions.path) return answerData(API.endOtherSessions, { ended: 2 });
    throw new Error(`unexpected call ${path}`);
  });
}

let router: Router;
async function open() {
  window.history.replaceState(null, '', '/mine/security');
  router = createRouter();
  await router.start();
  render(
    <RouterContext value={router}>
      <SecurityPage />
      <Toaster />
    </RouterContext>,
  );
}

const deviceList = () => screen.findByRole('list', { name: '登录设备列表' });

beforeEach(() => {
  startSession({ accessToken: 'A'.repeat(43), phone: '13812345678' });
  api.request.mockReset();
  api.call.mockReset();
  clearQueries();
  devices = DEVICES;
  answerReads();
});
afterEach(() => {
  cleanup();
  router?.destroy();
});

describe('/mine/security 登录设备管理', () => {
  it('lists every device with what it is and where it was last used; this one is 本机 and has no 下线', async () => {
    await open();
    const rows = within(await deviceList()).getAllByRole('listitem');
    expect(rows).toHaveLength(3);
    expect(rows[0]!.textContent).toContain('小米 23127PN0CC · Android 14');
    expect(rows[0]!.textContent).toContain('本机');
    expect(rows[0]!.textContent).toContain('Chrome · 广东省深圳市 · 120.24.*.*');
    expect(rows[0]!.textContent).toContain('首次登录2026-11-27 09:00');
    expect(within(rows[0]!).queryByRole('button')).toBeNull();
    expect(rows[1]!.textContent).toContain('通盈达App · 内网 · 10.0.*.*');
    expect(rows[1]!.textContent).toContain('最近活跃2026-11-27 12:30');
    expect(rows[1]!.textContent).not.toContain('本机');
    expect(within(rows[1]!).getByRole('button', { name: '下线 iPhone · iOS 17.4' })).toBeTruthy();
  });

  it('ends another device only after the confirmation; 取消 ends nothing', async () => {
    const user = userEvent.setup();
    api.request.mockImplementation(async () => answer(API.endSession, undefined));
    await open();
    await user.click(await screen.findByRole('button', { name: '下线 iPhone · iOS 17.4' }));
    const dialog = screen.getByRole('dialog', { name: '确定下线该设备？' });
    expect(dialog.textContent).toContain('“iPhone · iOS 17.4”将退出登录');
    await user.click(within(dialog).getByRole('button', { name: '取消' }));
    expect(api.request).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: '下线 iPhone · iOS 17.4' }));
    devices = answerData(API.loginDevices, { devices: [DEVICES.devices[0]!, DEVICES.devices[2]!] });
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: '下线' }));
    expect(api.request).toHaveBeenCalledWith(API.endSession.path, { deviceId: OTHER }, expect.anything());
    expect(await screen.findByText('已下线该设备')).toBeTruthy();
    await vi.waitFor(async () => expect(within(await deviceList()).getAllByRole('listitem')).toHaveLength(2));
  });

  it('a device already gone (404/4231: another press, another device) is said so and the list read again', async () => {
    const user = userEvent.setup();
    api.request.mockResolvedValue({ code: CODE.NOT_FOUND, subcode: SUBCODE.DEVICE_NOT_FOUND, msg: '服务不存在', submsg: '该设备已下线' });
    await open();
    await user.click(await screen.findByRole('button', { name: '下线 Windows 10' }));
    devices = answerData(API.loginDevices, { devices: [DEVICES.devices[0]!, DEVICES.devices[1]!] });
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: '下线' }));
    expect(await screen.findByText('该设备已下线')).toBeTruthy();
    await vi.waitFor(async () => expect((await deviceList()).textContent).not.toContain('Windows 10'));
  });

  it('下线其他所有设备 after its confirmation says how many, and leaves 本机 alone', async () => {
    const user = userEvent.setup();
    await open();
    await user.click(await screen.findByRole('button', { name: '下线其他所有设备' }));
    const dialog = screen.getByRole('dialog', { name: '下线其他所有设备？' });
    expect(dialog.textContent).toContain('除本机外的2台设备将退出登录');
    devices = ONLY_THIS;
    await user.click(within(dialog).getByRole('button', { name: '全部下线' }));
    expect(api.call).toHaveBeenCalledWith(API.endOtherSessions.path, {}, expect.anything());
    expect(await screen.findByText('已下线2台设备')).toBeTruthy();
    expect(await screen.findByText('仅本机登录，未发现其他设备。')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '下线其他所有设备' })).toBeNull();
  });
});

describe('/mine/security 登录记录 and the way on', () => {
  it('shows each record with its result, device and place, newest first, and loads more', async () => {
    const user = userEvent.setup();
    await open();
    const list = await screen.findByRole('list', { name: '登录记录列表' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.querySelector('.security-result')?.textContent)).toEqual(['验证码错误', '登录成功']);
    expect(rows[0]!.textContent).toContain('2026-11-27 12:30');
    expect(rows[0]!.textContent).toContain('iPhone · iOS 17.4 · 通盈达App');
    expect(rows[0]!.textContent).toContain('美国 · 8.8.*.*');
    await user.click(screen.getByRole('button', { name: '点我加载更多···' }));
    await vi.waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3));
    expect(screen.getByText('已全部加载')).toBeTruthy();
  });

  it('says when there is nothing in the last 30 days, and a failed read offers 重新加载', async () => {
    const user = userEvent.setup();
    let fail = true;
    api.call.mockImplementation(async (path: string) => {
      if (path === API.loginDevices.path) {
        if (fail) throw new Error('offline');
        return DEVICES;
      }
      return answerData(API.loginRecords, { items: [], nextCursor: null });
    });
    await open();
    expect(await screen.findByText('近30天暂无登录记录')).toBeTruthy();
    fail = false;
    await user.click(await screen.findByRole('button', { name: '重新加载' }));
    expect(within(await deviceList()).getAllByRole('listitem')).toHaveLength(3);
  });

  it('leads on to 更换手机号 and 个人信息', async () => {
    await open();
    expect(screen.getByRole('link', { name: /更换手机号/ }).getAttribute('href')).toBe('/mine/phone');
    expect(screen.getByRole('link', { name: /个人信息/ }).getAttribute('href')).toBe('/mine/privacy');
  });
});

describe('/mine/security after the session ended', () => {
  it('says this device was signed out from another one and offers to log in again, reading nothing', async () => {
    clearSession({ ended: true, signedOutElsewhere: true });
    await open();
    expect(screen.getByText('已在其他设备上将本设备下线，请重新登录')).toBeTruthy();
    expect(screen.getByRole('link', { name: '重新登录' }).getAttribute('href')).toBe('/login?returnUrl=%2Fmine%2Fsecurity');
    expect(screen.queryByRole('list', { name: '登录设备列表' })).toBeNull();
    expect(api.call).not.toHaveBeenCalled();
  });
});
