import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClientEnv } from '../../../lib/env';
import { BRIDGE_NAME, RECEIVE_NAME, type BridgeMessage } from '../../../lib/native-bridge';
import { clearSession, startSession } from '../../../lib/session';
import TestPage from './test-page';

const env = vi.hoisted(() => ({ current: { inApp: false, app: null, os: 'android', isWeChat: false } as ClientEnv }));
vi.mock('../../../lib/env', () => ({ clientEnv: () => env.current, useClientEnv: () => env.current }));
const w = window as unknown as Record<string, unknown>;

beforeEach(() => {
  env.current = { inApp: false, app: null, os: 'android', isWeChat: false } as ClientEnv;
  clearSession();
});
afterEach(() => {
  cleanup();
  delete w[BRIDGE_NAME];
});

function cell(term: string): string | null | undefined {
  const dt = screen.getAllByText(term, { selector: 'dt' })[0];
  return dt?.nextElementSibling?.textContent;
}

describe('/test diagnostics', () => {
  it('shows the detected environment, the clock offset and the session, but never the token', () => {
    startSession({ accessToken: 'secret-token-value', phone: '13812345678' });
    render(<TestPage />);
    expect(cell('在 App 内')).toBe('否');
    expect(cell('系统')).toBe('Android');
    expect(cell('时间偏移')).toBe('0 ms');
    expect(cell('已登录')).toBe('是');
    expect(cell('手机号')).toBe('138****5678');
    expect(cell('原生桥')).toBe('不可用（不在 App 内）');
    expect(document.body.textContent).not.toContain('secret-token-value');
    expect(document.body.textContent).not.toContain('13812345678');
  });

  it('inside the app shows what getAppInfo answered, masked', async () => {
    env.current = { inApp: true, app: 'zhongduoduo', os: 'ios', isWeChat: false } as ClientEnv;
    w[BRIDGE_NAME] = {
      postMessage(text: string) {
        const message = JSON.parse(text) as BridgeMessage;
        queueMicrotask(() =>
          (w[RECEIVE_NAME] as (r: unknown) => void)({
            id: message.id,
            result: { token: 'native-token', phone: '13900001111', allDeviceInfo: { model: 'iPhone15,2' }, agreementVer: '7', appVer: '5.2.0' },
          }),
        );
      },
    };
    render(<TestPage />);
    expect(await screen.findByText('已连接')).toBeTruthy();
    expect(cell('App 版本')).toBe('5.2.0');
    expect(cell('App 手机号')).toBe('139****1111');
    expect(cell('App 登录态')).toBe('是');
    expect(document.body.textContent).not.toContain('native-token');
  });
});
