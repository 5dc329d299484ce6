import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NavigationFailure, createRouter, normalisePath, type Router } from './router';

let router: Router;

function popTo(predicate: () => boolean) {
  return vi.waitFor(() => expect(predicate()).toBe(true));
}

beforeEach(async () => {
  window.history.replaceState(null, '', '/');
  router = createRouter();
  await router.start();
});

afterEach(() => router.destroy());

describe('router', () => {
  it('pushes and replaces history entries and runs after-hooks with the navigation type', async () => {
    const after = vi.fn();
    router.afterEach((to, from, type) => after(to.fullPath, from?.fullPath, type));
    const length = window.history.length;
    expect(await router.navigate('/download?x=1')).toBeUndefined();
    expect(window.location.pathname + window.location.search).toBe('/download?x=1');
    expect(window.history.length).toBe(length + 1);
    await router.navigate('/nfc', { replace: true });
    expect(window.history.length).toBe(length + 1);
    expect(router.current?.path).toBe('/nfc');
    expect(after.mock.calls).toEqual([
      ['/download?x=1', '/', 'push'],
      ['/nfc', '/download?x=1', 'replace'],
    ]);
  });

  it('navigating to the current address is a quiet no-op (duplicated)', async () => {
    await router.navigate('/download');
    const guard = vi.fn();
    router.beforeEach(guard);
    const failure = await router.navigate('/download');
    expect(failure).toBeInstanceOf(NavigationFailure);
    expect(failure?.type).toBe('duplicated');
    expect(guard).not.toHaveBeenCalled();
  });

  it('a guard returning false aborts; a throwing guard aborts too', async () => {
    const off = router.beforeEach((to) => to.path !== '/blocked');
    expect((await router.navigate('/blocked'))?.type).toBe('aborted');
    expect(window.location.pathname).toBe('/');
    off();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    router.beforeEach(() => {
      throw new Error('boom');
    });
    expect((await router.navigate('/x'))?.type).toBe('aborted');
    expect(router.current?.path).toBe('/');
  });

  it('a guard returning a path redirects, and the original navigation reports redirected', async () => {
    router.beforeEach((to) => (to.path === '/mine/signOff' ? '/login?returnUrl=%2Fmine%2FsignOff' : undefined));
    const failure = await router.navigate('/mine/signOff');
    expect(failure?.type).toBe('redirected');
    expect(failure?.redirectTo).toBe('/login?returnUrl=%2Fmine%2FsignOff');
    expect(router.current?.fullPath).toBe('/login?returnUrl=%2Fmine%2FsignOff');
  });

  it('endless redirects end as aborted', async () => {
    router.beforeEach((to) => (to.path === '/a' ? '/b' : to.path === '/b' ? '/a' : undefined));
    const failure = await router.navigate('/a');
    expect(failure).toBeInstanceOf(NavigationFailure);
    expect(router.current?.path).toBe('/');
  });

  it('a newer navigation cancels one still waiting on its guards', async () => {
    let release!: () => void;
    router.beforeEach((to) => (to.path === '/slow' ? new Promise<void>((resolve) => (release = resolve)) : undefined));
    const slow = router.navigate('/slow');
    const fast = await router.navigate('/fast');
    release();
    expect(fast).toBeUndefined();
    expect((await slow)?.type).toBe('cancelled');
    expect(router.current?.path).toBe('/fast');
  });

  it('back restores the saved scroll position; a new page has none (scroll to top)', async () => {
    await router.navigate('/list');
    window.scrollTo(0, 640);
    await router.navigate('/detail');
    expect(router.savedScroll()).toBeUndefined();
    router.back();
    await popTo(() => router.current?.path === '/list');
    expect(router.savedScroll()).toEqual({ x: 0, y: 640 });
  });

  it('a guard aborting back navigation puts the address back', async () => {
    await router.navigate('/one');
    await router.navigate('/two');
    const off = router.beforeEach((to) => to.path !== '/one');
    router.back();
    await vi.waitFor(() => expect(window.location.pathname).toBe('/two'));
    expect(router.current?.path).toBe('/two');
    off();
  });

  it('start() resolves the opening address through the guards, replacing it on redirect', async () => {
    router.destroy();
    window.history.replaceState(null, '', '/old');
    router = createRouter();
    router.beforeEach((to) => (to.path === '/old' ? '/new' : undefined));
    const length = window.history.length;
    const failure = await router.start();
    expect(failure?.type).toBe('redirected');
    expect(window.location.pathname).toBe('/new');
    expect(window.history.length).toBe(length);
  });

  it('normalises trailing slashes but keeps the root', () => {
    expect(normalisePath('/download/')).toBe('/download');
    expect(normalisePath('/')).toBe('/');
    expect(normalisePath('')).toBe('/');
  });

  it('notifies subscribers when the location changes', async () => {
    const listener = vi.fn();
    const off = router.subscribe(listener);
    await router.navigate('/a1');
    expect(listener).toHaveBeenCalledTimes(1);
    off();
    await router.navigate('/a2');
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it.each(['https://evil.example/x', '//evil.example', '/.//evil.example/x', '/\\evil.example', '/\t/evil.example', 'javascript:alert(1)'])(
    'refuses %j as aborted and never leaves the origin',
    async (target) => {
      const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
      const before = window.location.href;
      const failure = await router.navigate(target);
      expect(failure?.type).toBe('aborted');
      expect(window.location.href).toBe(before);
      expect(assign).not.toHaveBeenCalled();
      assign.mockRestore();
    },
  );

  it('a guard redirecting to another origin is refused too', async () => {
    const off = router.beforeEach((to) => (to.path === '/guarded' ? '/.//evil.example' : undefined));
    const failure = await router.navigate('/guarded');
    expect(failure?.type).toBe('aborted');
    expect(window.location.pathname).toBe('/');
    off();
  });

  it('a guard redirecting a back navigation replaces the guarded entry, keeping history usable', async () => {
    await router.navigate('/one');
    await router.navigate('/two');
    const off = router.beforeEach((to) => (to.path === '/one' ? '/login' : undefined));
    router.back();
    await popTo(() => router.current?.path === '/login');
    expect(window.location.pathname).toBe('/login');
    off();
    router.back();
    await popTo(() => router.current?.path === '/');
    expect(window.location.pathname).toBe('/');
  });

  it('a refused redirect on Back puts the address back and keeps the index on the shown entry', async () => {
    await router.navigate('/one');
    await router.navigate('/two');
    // Back to /one is redirected to /login, and /login itself is refused.
    const refused: string[] = [];
    router.beforeEach((to) => {
      if (to.path === '/one') return '/login';
      if (to.path !== '/login') return undefined;
      refused.push(to.path);
      return false;
    });
    router.back();
    await vi.waitFor(() => expect(refused).toHaveLength(1));
    await vi.waitFor(() => expect(window.location.pathname).toBe('/two'));
    expect(router.current?.path).toBe('/two');
    // The same Back again has to be undone again: a router that still counted itself on /one's entry
    // would see no move (delta 0) and leave the address on /one under /two's page.
    router.back();
    await vi.waitFor(() => expect(refused).toHaveLength(2));
    await vi.waitFor(() => expect(window.location.pathname).toBe('/two'));
    expect(router.current?.path).toBe('/two');
  });

  it('after a refused redirect on Back from the second entry, Back still stays in the app', async () => {
    await router.navigate('/one');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const off = router.beforeEach((to) => (to.path === '/' ? '/.//evil.example' : undefined));
    // Listening after the router: by the time this counts a popstate, the router has handled it.
    let pops = 0;
    const countPop = () => void (pops += 1);
    window.addEventListener('popstate', countPop);
    router.back();
    // The Back, then the undo of it.
    await vi.waitFor(() => expect(pops).toBe(2));
    window.removeEventListener('popstate', countPop);
    expect(warn).toHaveBeenCalled();
    expect(window.location.pathname).toBe('/one');
    expect(router.canGoBack()).toBe(true);
    off();
    warn.mockRestore();
    router.back();
    await popTo(() => router.current?.path === '/');
    expect(router.canGoBack()).toBe(false);
  });

  it('a push while Back waits on its guards lands after the browser entry, so a later undo finds the page', async () => {
    await router.navigate('/one');
    await router.navigate('/two');
    let release: ((result: boolean) => void) | undefined;
    const off = router.beforeEach((to) => (to.path === '/one' ? new Promise<boolean>((resolve) => (release = resolve)) : undefined));
    router.back();
    await vi.waitFor(() => expect(release).toBeDefined());
    // The browser is on /one's entry; the new page is pushed after it, replacing /two's entry.
    expect(await router.navigate('/three')).toBeUndefined();
    release?.(true);
    off();
    const refused: string[] = [];
    router.beforeEach((to) => to.path !== '/one' || void refused.push(to.path) || false);
    router.back();
    await vi.waitFor(() => expect(refused).toHaveLength(1));
    await vi.waitFor(() => expect(window.location.pathname).toBe('/three'));
    expect(router.current?.path).toBe('/three');
    expect(router.canGoBack()).toBe(true);
  });

  it('a second Back refused while the first waits on its guards returns to the shown page', async () => {
    await router.navigate('/one');
    await router.navigate('/two');
    let release: ((result: boolean) => void) | undefined;
    const refused: string[] = [];
    router.beforeEach((to) => {
      if (to.path === '/one') return new Promise<boolean>((resolve) => (release = resolve));
      if (to.path !== '/') return undefined;
      refused.push(to.path);
      return false;
    });
    router.back();
    await vi.waitFor(() => expect(release).toBeDefined());
    router.back();
    await vi.waitFor(() => expect(refused).toHaveLength(1));
    await vi.waitFor(() => expect(window.location.pathname).toBe('/two'));
    release?.(true);
    expect(router.current?.path).toBe('/two');
    expect(router.canGoBack()).toBe(true);
  });
});
