import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRouter, type Router } from '../../lib/router';
import { RouterContext } from '../../lib/router-react';
import { invalidateQuery } from '../../lib/server-state';
import { clearSession, sessionStore, startSession } from '../../lib/session';
import HubPage from './hub-page';

const api = vi.hoisted(() => ({ request: vi.fn() }));
vi.mock('../../lib/api-client', () => ({ request: api.request }));

let router: Router;
beforeEach(async () => {
  window.history.replaceState(null, '', '/');
  router = createRouter();
  await router.start();
  clearSession();
  api.request.mockReset();
});
afterEach(() => {
  cleanup();
  router.destroy();
  invalidateQuery('check-login');
});

function renderHub() {
  return render(
    <RouterContext value={router}>
      <HubPage />
    </RouterContext>,
  );
}

describe('/ hub', () => {
  it('logged out: offers login (returning here) and links to every feature page, checking nothing', () => {
    renderHub();
    expect(screen.getByText('未登录')).toBeTruthy();
    expect(screen.getByRole('link', { name: '登录' }).getAttribute('href')).toBe('/login?returnUrl=%2F');
    const nav = screen.getByRole('navigation', { name: '服务' });
    expect([...nav.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual(['/discover/notice', '/cloudSteward/index', '/activity-exchange', '/nfc', '/download']);
    expect(api.request).not.toHaveBeenCalled();
  });

  it('with a token: checks login quietly and shows the masked phone', async () => {
    startSession({ accessToken: 'tok', phone: '13812345678' });
    api.request.mockResolvedValue({ code: '200', msg: '成功', data: { loggedIn: true, phone: '138****5678' } });
    renderHub();
    expect(await screen.findByText('欢迎使用通盈达')).toBeTruthy();
    expect(screen.getByText('138****5678')).toBeTruthy();
    expect(api.request).toHaveBeenCalledWith('/v1/user/check-login', {}, expect.objectContaining({ toastErrors: false, unauthorized: 'ignore' }));
  });

  it('a failed login check clears the session (SPEC §7) and the hub shows logged out', async () => {
    startSession({ accessToken: 'stale', phone: '13812345678' });
    api.request.mockResolvedValue({ code: '401', msg: '登录已失效，请重新登录' });
    renderHub();
    await act(async () => {
      await vi.waitFor(() => expect(sessionStore.get().accessToken).toBeNull());
    });
    expect(screen.getByText('未登录')).toBeTruthy();
    expect(localStorage.getItem('phone')).toBeNull();
  });
});
