import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRouter, type Router } from '../../../lib/router';
import { RouterContext } from '../../../lib/router-react';
import { DeepLinkGate } from './deep-link-gate';

const fetchMock = vi.fn<typeof fetch>();
let router: Router;

async function openAt(path: string) {
  window.history.replaceState(null, '', path);
  router = createRouter();
  await router.start();
  render(
    <RouterContext value={router}>
      <DeepLinkGate title="通盈达">
        <p>首页内容</p>
      </DeepLinkGate>
    </RouterContext>,
  );
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  router.destroy();
  vi.unstubAllGlobals();
});

describe('deep-link gate on the default page', () => {
  it('shows the page itself without a key, and asks nothing', async () => {
    await openAt('/');
    expect(screen.getByText('首页内容')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('with ?dl=<key>: an opening state, then the page the key names replaces it', async () => {
    let answer!: (res: Response) => void;
    fetchMock.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    await openAt('/?dl=spring');
    expect(screen.getByRole('status').textContent).toBe('正在打开…');
    expect(screen.queryByText('首页内容')).toBeNull();
    await act(async () => answer(new Response(JSON.stringify({ code: '200', msg: '成功', data: { path: '/nfc' } }))));
    await vi.waitFor(() => expect(router.current?.fullPath).toBe('/nfc'));
  });

  it('an unknown key leaves the visitor on the default page, without the key', async () => {
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ code: '404', msg: '服务不存在' })));
    await openAt('/?dl=gone');
    await vi.waitFor(() => expect(router.current?.fullPath).toBe('/'));
    expect(await screen.findByText('首页内容')).toBeTruthy();
  });
});
