import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createRouter, type Router } from '../lib/router';
import { clearSession, startSession } from '../lib/session';
import { installLoginGuard } from './login-guard';

let router: Router;
beforeEach(() => {
  clearSession();
  window.history.replaceState(null, '', '/');
  router = createRouter();
  installLoginGuard(router);
});
afterEach(() => router.destroy());

describe('login guard (/mine/signOff needs a session)', () => {
  it('sends a logged-out visitor to login with returnUrl back to the page asked for', async () => {
    await router.start();
    const failure = await router.navigate('/mine/signOff?from=hub');
    expect(failure?.type).toBe('redirected');
    expect(router.current?.path).toBe('/login');
    expect(new URLSearchParams(router.current!.search).get('returnUrl')).toBe('/mine/signOff?from=hub');
  });

  it('also on a first visit by address', async () => {
    window.history.replaceState(null, '', '/mine/signOff');
    await router.start();
    expect(router.current?.fullPath).toBe('/login?returnUrl=%2Fmine%2FsignOff');
  });

  it('lets a logged-in user in, and leaves other pages alone', async () => {
    await router.start();
    await router.navigate('/nfc');
    expect(router.current?.path).toBe('/nfc');
    startSession({ accessToken: 'tok', phone: '13812345678' });
    await router.navigate('/mine/signOff');
    expect(router.current?.path).toBe('/mine/signOff');
  });
});
