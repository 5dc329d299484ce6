// /mine/privacy/export?id=… (PIPL art. 45): the copy fetched once, however often the page mounts, shown in
// full (phone, ID and card numbers, the photos) and saved as the same JSON; refused (fetched already,
// expired, not this session's), the page says so and leads back to ask again. Answers built through the
// endpoint's response schema.
import { API, SUBCODE, type ApiResponse, type RefResponse } from '@tyd/protocol/wire';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRouter, type Router } from '../../../lib/router';
import { RouterContext } from '../../../lib/router-react';
import { answer } from '../../../test/api-answers';
import DataExportPage, { fileSaver } from './data-export-page';

const api = vi.hoisted(() => ({ request: vi.fn() }));
vi.mock('../../../lib/api-client', async () => (await import('../../../test/api-answers')).checkedClient(api));

const AT = Date.UTC(2026, 10, 24, 2);
let sequence = 0;
const nextId = () => `x_${String((sequence += 1)).padStart(22, 'A')}`;
const PHOTO = 'data:image/jpeg;base64,/9j/2Q==';
const PLACE = { device: 'Pixel 8 · Android 14', client: 'browser', clientName: 'Chrome', region: '广东省深圳市', address: '120.24.*.*' } as const;

function copyOf(exportId: string, loginRecords?: RefResponse<typeof API.downloadDataExport>['loginRecords']) {
  const copy: RefResponse<typeof API.downloadDataExport> = {
    format: 'tyd-personal-data',
    formatVersion: 3,
    exportId,
    generatedAt: AT,
    account: { phone: '13812345678', registeredAt: AT - 86_400_000, inviteCode: '7K3M9QXR', invited: false },
    consents: [
      {
        version: '2026-11-01~2026-11-01',
        documents: [
          { title: '隐私政策', version: '2026-11-01' },
          { title: '用户服务协议', version: '2026-11-01' },
        ],
        decision: 'accepted',
        decidedAt: AT - 86_400_000,
      },
    ],
    sessions: [
      { ...PLACE, createdAt: AT - 60_000, lastActiveAt: AT, expiresAt: AT + 86_400_000, endedAt: null, endedReason: null, current: true },
      {
        ...PLACE,
        device: 'iPhone · iOS 17.5',
        clientName: 'Safari',
        createdAt: AT - 7_200_000,
        lastActiveAt: null,
        expiresAt: AT + 86_400_000,
        endedAt: AT - 3_600_000,
        endedReason: 'other-device',
        current: false,
      },
    ],
    loginRecords: [
      { ...PLACE, at: AT - 60_000, result: 'success', method: 'sms' },
      { ...PLACE, at: AT - 60_000, result: 'code-wrong', method: 'sms' },
      { ...PLACE, at: AT - 7_200_000, result: 'success', method: 'authorized' },
    ],
    identity: {
      state: 'verified',
      startedAt: AT - 3_600_000,
      confirmedAt: AT - 3_000_000,
      verifiedAt: AT - 2_000_000,
      failure: null,
      confirmed: { name: '张三', idNumber: '110101199003071234', validTo: 'long-term' },
      portraitReading: null,
      emblemReading: null,
    },
    photos: [{ kind: 'idcard-portrait', contentType: 'image/jpeg', width: 160, height: 120, dataUrl: PHOTO }],
    bankCards: [
      {
        bankName: '工商银行',
        cardNumber: '6222020200112233445',
        cardType: 'debit',
        reservedPhone: '138****5678',
        isDefault: true,
        boundAt: AT,
        agreement: null,
      },
    ],
    points: { balance: 30, entries: [{ amount: 30, reason: 'invite', at: AT, expiresAt: null }] },
    vouchers: [],
    draws: [],
    redeemedCodes: [{ campaign: '春节活动', at: AT }],
    newUserGift: { claimedAt: AT },
    invitations: [{ role: 'inviter', points: 50, at: AT }],
    messages: [],
    notices: { readThrough: AT, read: [{ title: '系统维护通知', at: AT }] },
    questions: [],
    analytics: { linked: false, note: '浏览与使用统计为匿名记录，未与您的账号关联。' },
  };
  return answer(API.downloadDataExport, loginRecords ? { ...copy, loginRecords } : copy);
}

let router: Router;
async function open(exportId: string) {
  window.history.replaceState(null, '', `/mine/privacy/export?id=${exportId}`);
  router = createRouter();
  await router.start();
  return render(
    <RouterContext value={router}>
      <DataExportPage />
    </RouterContext>,
  );
}

beforeEach(() => {
  api.request.mockReset();
});
afterEach(() => {
  cleanup();
  router?.destroy();
  vi.restoreAllMocks();
});

describe('/mine/privacy/export', () => {
  it('fetches the copy once however often the page mounts, shows it in full and saves the same JSON', async () => {
    const exportId = nextId();
    api.request.mockImplementation(async () => copyOf(exportId));
    const first = await open(exportId);
    first.unmount();
    await open(exportId);
    expect(await screen.findByText('110101199003071234')).toBeTruthy();
    expect(api.request).toHaveBeenCalledTimes(1);
    expect(api.request.mock.calls[0]!.slice(0, 2)).toEqual([API.downloadDataExport.path, { exportId }]);
    const page = screen.getByRole('main').textContent ?? '';
    for (const shown of ['13812345678', '6222020200112233445', '长期', '同意 · 《隐私政策》2026-11-01、《用户服务协议》2026-11-01', '本机，当前登录'])
      expect(page).toContain(shown);
    // 登录设备: each session with its device, place and state; 登录记录: refused codes among the sign-ins.
    const devices = screen.getByRole('region', { name: '登录设备' }).textContent ?? '';
    for (const shown of ['Pixel 8 · Android 14 · Chrome', '广东省深圳市 · 120.24.*.*', 'iPhone · iOS 17.5 · Safari', '已在其他设备上下线 2026-11-24 09:00'])
      expect(devices).toContain(shown);
    const records = screen.getByRole('region', { name: '登录记录' }).textContent ?? '';
    for (const shown of ['登录成功 · Pixel 8', '验证码错误 · Pixel 8', '登录成功（App授权）']) expect(records).toContain(shown);
    const rewards = screen.getByRole('region', { name: '积分与卡券' }).textContent ?? '';
    for (const shown of ['兑换码1 个', '新人礼已领取 2026-11-24 10:00', '邀请奖励1 次']) expect(rewards).toContain(shown);
    expect(screen.getByRole('region', { name: '消息与提问' }).textContent).toContain('公告已读至2026-11-24 10:00');
    expect((screen.getByRole('img', { name: '身份证人像面' }) as HTMLImageElement).src).toBe(PHOTO);

    const save = vi.spyOn(fileSaver, 'save').mockImplementation(() => {});
    await userEvent.click(screen.getByRole('button', { name: '下载JSON文件' }));
    const [name, text] = save.mock.calls[0]!;
    expect(name).toBe('tyd-personal-data-202611241000.json');
    expect(JSON.parse(text)).toEqual((copyOf(exportId) as ApiResponse).data);

    // Beside the JSON, a page a person can open and print: the same readable view, nothing that runs.
    await userEvent.click(screen.getByRole('button', { name: '下载可打印的副本（网页）' }));
    const [pageName, html, type] = save.mock.calls[1]!;
    expect([pageName, type]).toEqual(['tyd-personal-data-202611241000.html', 'text/html']);
    expect(html).toMatch(/^<!doctype html>/);
    for (const shown of ['我的个人信息副本（2026-11-24 10:00）', '6222020200112233445', '《隐私政策》2026-11-01、《用户服务协议》2026-11-01', '<dl'])
      expect(html).toContain(shown);
    expect(html).not.toMatch(/<script|<button|\son[a-z]+=/i);
  });

  it('shows the newest sign-in records and says the rest are in the file', async () => {
    const exportId = nextId();
    const record = { ...PLACE, at: AT, result: 'code-expired', method: 'sms' } as const;
    api.request.mockResolvedValue(
      copyOf(
        exportId,
        Array.from({ length: 53 }, () => record),
      ),
    );
    await open(exportId);
    const region = await screen.findByRole('region', { name: '登录记录' });
    expect(region.querySelectorAll('dd')).toHaveLength(50);
    expect(region.textContent).toContain('验证码已失效');
    expect(region.textContent).toContain('另有 3 条较早的登录记录在 JSON 文件中。');
  });

  it.each([
    [SUBCODE.DATA_EXPORT_USED, '该导出已下载过，如需再次获取请重新申请导出'],
    [SUBCODE.DATA_EXPORT_EXPIRED, '导出已过期，请重新申请导出'],
    [SUBCODE.DATA_EXPORT_NOT_FOUND, '导出记录不存在，请重新申请导出'],
  ])('says a refused link (%s) and leads back to ask again', async (subcode, text) => {
    api.request.mockResolvedValue({ code: subcode === SUBCODE.DATA_EXPORT_NOT_FOUND ? '404' : '400', subcode, msg: '请求参数错误', submsg: text });
    await open(nextId());
    expect((await screen.findByRole('alert')).textContent).toBe(text);
    expect(screen.getByRole('link', { name: '重新申请导出' }).getAttribute('href')).toBe('/mine/privacy');
    expect(screen.queryByRole('button', { name: '下载JSON文件' })).toBeNull();
  });
});
