// Where the app lets the consent-renewal dialog appear: never on login, authorised login or
// deregistration (docs/api.md "Consent"), on other routes once per session.
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRouter, type Router } from '../lib/router';
import { RouterContext } from '../lib/router-react';
import { clearSession, startSession } from '../lib/session';
import { ConsentRenewalHost } from './consent-renewal-host';

const api = vi.hoisted(() => ({ request: vi.fn(), call: vi.fn() }));
vi.mock('../lib/api-client', async () => (await import('../test/api-answers')).checkedClient(api));

const VERSION = '2026-12-01~2026-11-01';
let tokenCounter = 0;
let router: Router;

async function open(path: string) {
  window.history.replaceState(null, '', path);
  router = createRouter();
  await router.start();
  tokenCounter += 1;
  startSession({ accessToken: `H${String(tokenCounter).padStart(42, '0')}`, phone: '13812345678' });
  render(
    <RouterContext value={router}>
      <ConsentRenewalHost />
    </RouterContext>,
  );
  await act(async () => {});
}

beforeEach(() => {
  clearSession();
  api.call.mockReset();
  api.call.mockImplementation(async (path: string) => {
    if (path === '/v1/user/privacy-policy-status') return { version: VERSION, acceptedVersion: null, renewalRequired: true };
    return { version: VERSION, pending: [{ kind: 'agreement', version: '2026-12-01', title: '服务协议', url: '/legal/agreement', summary: '' }] };
  });
});
afterEach(() => {
  cleanup();
  router?.destroy();
});

describe('consent renewal in the app', () => {
  it.each(['/login', '/others/tydPreJump', '/mine/signOff'])('is not asked on %s', async (path) => {
    await open(path);
    expect(api.call).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('is asked on the hub, and not again after navigating', async () => {
    await open('/');
    await screen.findByRole('dialog', { name: '协议更新提示' });
    await act(() => router.navigate('/nfc'));
    expect(api.call.mock.calls.filter(([p]) => p === '/v1/user/privacy-policy-status')).toHaveLength(1);
  });

  it('is hidden while the user is on an excluded route, and shown again when they leave it', async () => {
    await open('/');
    await screen.findByRole('dialog', { name: '协议更新提示' });
    await act(() => router.navigate('/mine/signOff'));
    expect(screen.queryByRole('dialog')).toBeNull();
    await act(() => router.navigate('/'));
    expect(screen.getByRole('dialog', { name: '协议更新提示' })).toBeTruthy();
  });
});
