import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiResponse } from '@tyd/protocol/wire';
import type { ClientEnv } from '../lib/env';
import { BRIDGE_NAME, type BridgeMessage } from '../lib/native-bridge';
import { createRouter, type Router } from '../lib/router';
import { sessionStore, startSession } from '../lib/session';
import { installUnauthorizedHandler } from './unauthorized';

const env = vi.hoisted(() => ({ current: { inApp: false } as ClientEnv }));
vi.mock('../lib/env', () => ({ clientEnv: () => env.current }));
const captured = vi.hoisted(() => ({ handler: undefined as ((r: ApiResponse) => void) | undefined }));
vi.mock('../lib/api-client', () => ({ setUnauthorizedHandler: (h: (r: ApiResponse) => void) => (captured.handler = h) }));

const UNAUTHORIZED: ApiResponse = { code: '401', msg: '登录已失效，请重新登录' };
let router: Router;

beforeEach(async () => {
  env.current = { inApp: false } as ClientEnv;
  window.history.replaceState(null, '', '/discover/notice?id=7');
  router = createRouter();
  await router.start();
  installUnauthorizedHandler(router);
  startSession({ accessToken: 'tok', phone: '13812345678' });
});

afterEach(() => {
  router.destroy();
  delete (window as unknown as Record<string, unknown>)[BRIDGE_NAME];
});

describe('code 401 (SPEC §4)', () => {
  it('clears the session and opens the login page with the current address as returnUrl', async () => {
    captured.handler!(UNAUTHORIZED);
    await vi.waitFor(() => expect(router.current?.path).toBe('/login'));
    expect(new URLSearchParams(router.current!.search).get('returnUrl')).toBe('/discover/notice?id=7');
    expect(sessionStore.get().accessToken).toBeNull();
    expect(localStorage.getItem('accessToken')).toBeNull();
    // The session is marked as ended, so the login page says why it opened; a new login unmarks it.
    expect(sessionStore.get().ended).toBe(true);
    startSession({ accessToken: 'tok2', phone: '13812345678' });
    expect(sessionStore.get().ended).toBe(false);
  });

  it('remembers that another device signed this one out (4012), for the login page to say; a new login forgets it', async () => {
    captured.handler!({ ...UNAUTHORIZED, subcode: '4012', submsg: '已在其他设备上将本设备下线，请重新登录' });
    await vi.waitFor(() => expect(router.current?.path).toBe('/login'));
    expect(sessionStore.get()).toMatchObject({ accessToken: null, ended: true, signedOutElsewhere: true });
    startSession({ accessToken: 'tok2', phone: '13812345678' });
    expect(sessionStore.get()).toMatchObject({ ended: false, signedOutElsewhere: false });
    await router.navigate('/discover/notice?id=7');
    captured.handler!(UNAUTHORIZED);
    await vi.waitFor(() => expect(sessionStore.get().ended).toBe(true));
    expect(sessionStore.get().signedOutElsewhere).toBe(false);
  });

  it('does nothing when the user is already on the login page', async () => {
    await router.navigate('/login');
    captured.handler!(UNAUTHORIZED);
    await Promise.resolve();
    expect(router.current?.fullPath).toBe('/login');
    expect(sessionStore.get().accessToken).toBe('tok');
  });

  it('inside the app opens the native login window instead of the web login', async () => {
    env.current = { inApp: true } as ClientEnv;
    const posted: BridgeMessage[] = [];
    (window as unknown as Record<string, unknown>)[BRIDGE_NAME] = { postMessage: (text: string) => posted.push(JSON.parse(text) as BridgeMessage) };
    captured.handler!(UNAUTHORIZED);
    await vi.waitFor(() => expect(posted.map((m) => m.method)).toEqual(['openWin']));
    expect(posted[0]?.params).toEqual({ page: 'login' });
    expect(router.current?.path).toBe('/discover/notice');
    expect(sessionStore.get().accessToken).toBeNull();
  });

  it('inside an app shell without a bridge, falls back to the web login', async () => {
    env.current = { inApp: true } as ClientEnv;
    captured.handler!(UNAUTHORIZED);
    await vi.waitFor(() => expect(router.current?.path).toBe('/login'));
  });
});
