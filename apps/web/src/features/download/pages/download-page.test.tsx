import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClientEnv } from '../../../lib/env';
import { createRouter } from '../../../lib/router';
import { RouterContext } from '../../../lib/router-react';
import { resetWebConfig } from '../../../lib/web-config';
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
afterEach(() => {
  cleanup();
  document.getElementById('tyd-config')?.remove();
  resetWebConfig();
});

/** The page's config as the server injects it, with the platforms that have a link. */
function pageConfig(appDownload: { android: boolean; ios: boolean }) {
  const script = document.createElement('script');
  script.id = 'tyd-config';
  script.type = 'application/json';
  script.textContent = JSON.stringify({
    appId: 'tyd-h5',
    appSecret: 's',
    keyId: 'k',
    publicKey: 'p',
    returnOrigins: [],
    operator: { name: '通盈达' },
    appDownload,
  });
  document.head.append(script);
  resetWebConfig();
}

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

  it('shows a button only for a platform with a link, and says the other is not offered yet', () => {
    pageConfig({ android: false, ios: true });
    render(<DownloadPage />);
    expect(screen.getAllByRole('link').map((a) => a.textContent)).toEqual(['iPhone 版下载']);
    expect(screen.getByText('Android 版暂未开放下载')).toBeTruthy();
  });

  it('with no link at all says so plainly, with the way home: no button that leads nowhere', async () => {
    pageConfig({ android: false, ios: false });
    const router = createRouter();
    await router.start();
    render(
      <RouterContext value={router}>
        <DownloadPage />
      </RouterContext>,
    );
    expect(screen.getByRole('status').textContent).toContain('APP 暂未开放下载');
    expect(screen.getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([['返回首页', '/']]);
  });
});
