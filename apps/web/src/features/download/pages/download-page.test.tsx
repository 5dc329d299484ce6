import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClientEnv } from '../../../lib/env';
import DownloadPage from './download-page';

const env = vi.hoisted(() => ({ current: { os: 'android', isWeChat: false } as ClientEnv }));
vi.mock('../../../lib/env', () => ({ clientEnv: () => env.current, useClientEnv: () => env.current }));
// The buttons need no call: the page never reaches the API (docs/architecture.md "Delivery").
const api = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../../../lib/api-client', async () => (await import('../../../test/api-answers')).checkedClient(api));

beforeEach(() => {
  env.current = { os: 'android', isWeChat: false } as ClientEnv;
  api.call.mockReset();
});
afterEach(cleanup);

describe('/download', () => {
  it('puts this phone’s platform first as the primary action, both leading to the server’s redirects', () => {
    render(<DownloadPage />);
    const links = screen.getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Android 版下载', '/download/android'],
      ['iPhone 版下载', '/download/ios'],
    ]);
    expect(links[0]?.className).toContain('btn--primary');
    expect(links[1]?.className).toContain('btn--secondary');
    expect(api.call).not.toHaveBeenCalled();
  });

  it('on iOS the App Store link comes first', () => {
    env.current = { os: 'ios', isWeChat: false } as ClientEnv;
    render(<DownloadPage />);
    expect(screen.getAllByRole('link')[0]?.textContent).toBe('iPhone 版下载');
  });

  it('inside WeChat tells the user to open the system browser', () => {
    env.current = { os: 'android', isWeChat: true } as ClientEnv;
    render(<DownloadPage />);
    expect(screen.getByRole('note').textContent).toContain('在浏览器打开');
  });
});
