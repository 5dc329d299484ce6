import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TransportError } from '../../../lib/api-errors';
import type { ClientEnv } from '../../../lib/env';
import { invalidateQuery } from '../../../lib/server-state';
import { offSchema } from '../../../test/api-answers';
import DownloadPage from './download-page';

const env = vi.hoisted(() => ({ current: { os: 'android', isWeChat: false } as ClientEnv }));
vi.mock('../../../lib/env', () => ({ clientEnv: () => env.current, useClientEnv: () => env.current }));
const api = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../../../lib/api-client', async () => (await import('../../../test/api-answers')).checkedClient(api));

const URLS = { androidUrl: 'https://dl.example.com/tyd.apk', iosUrl: 'https://apps.apple.com/cn/app/id1' };

beforeEach(() => {
  env.current = { os: 'android', isWeChat: false } as ClientEnv;
  api.call.mockReset();
});
afterEach(() => {
  cleanup();
  invalidateQuery('app-download-urls');
});

describe('/download', () => {
  it('asks getAppDownloadUrl and puts this phone’s platform first as the primary action', async () => {
    api.call.mockResolvedValue(URLS);
    render(<DownloadPage />);
    const links = await screen.findAllByRole('link');
    expect(api.call).toHaveBeenCalledWith('/v1/user/getAppDownloadUrl', {}, expect.anything());
    expect(links.map((a) => a.textContent)).toEqual(['Android 版下载', 'iPhone 版下载']);
    expect(links[0]?.getAttribute('href')).toBe(URLS.androidUrl);
    expect(links[0]?.className).toContain('btn--primary');
    expect(links[1]?.className).toContain('btn--secondary');
  });

  it('on iOS the App Store link comes first', async () => {
    env.current = { os: 'ios', isWeChat: false } as ClientEnv;
    api.call.mockResolvedValue(URLS);
    render(<DownloadPage />);
    const links = await screen.findAllByRole('link');
    expect(links[0]?.textContent).toBe('iPhone 版下载');
  });

  it('inside WeChat tells the user to open the system browser', async () => {
    env.current = { os: 'android', isWeChat: true } as ClientEnv;
    api.call.mockResolvedValue(URLS);
    render(<DownloadPage />);
    expect(screen.getByRole('note').textContent).toContain('在浏览器打开');
  });

  it('ignores links that are not http(s) and says when none is left', async () => {
    // The schema allows https links only: this is a broken or hostile server, which the page must survive.
    api.call.mockResolvedValue(offSchema({ androidUrl: 'javascript:alert(1)', iosUrl: null }));
    render(<DownloadPage />);
    expect(await screen.findByText('暂无可用的下载地址，请稍后再试。')).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('shows the failure and retries on request', async () => {
    api.call.mockRejectedValueOnce(new TransportError('timeout', '网络超时，请稍后重试')).mockResolvedValueOnce(URLS);
    render(<DownloadPage />);
    expect((await screen.findByRole('alert')).textContent).toBe('网络超时，请稍后重试');
    await userEvent.click(screen.getByRole('button', { name: '重新获取' }));
    expect(await screen.findAllByRole('link')).toHaveLength(2);
    expect(api.call).toHaveBeenLastCalledWith('/v1/user/getAppDownloadUrl', {}, expect.objectContaining({ loading: true }));
  });
});
