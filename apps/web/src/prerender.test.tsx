// The hydration render of every route is the build's prerender, whatever the browser knows (lib/hydration.ts,
// docs/architecture.md "Delivery"): hydration adopts the server's markup as it is and Preact neither reports
// nor repairs an attribute rendered differently, so a component that read the session, the user agent, care
// mode or the address's query while hydrating would leave the page wrong. Each route is rendered as the build
// renders it, then again as a browser full of such facts would hydrate it: both must be the same markup. The
// query is one of campaign tags, the only one the server still sends a prerender for
// (apps/server/src/plugins/first-screen.ts).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ROUTES } from './app/route-table';
import type { PrerenderedRoute } from './prerender';

const APP_USER_AGENT =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/UD1A.230803.041; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/126.0.0.0 Mobile Safari/537.36 zhongduoduo/5.2.0';
const PATHS = [...ROUTES.filter((route) => !route.requiresLogin).map((route) => route.path), '/no-such-page'];

/** Every route rendered as the build does, by fresh modules (their caches start empty, as a page load's do). */
async function renderAll(query: string): Promise<Map<string, PrerenderedRoute>> {
  vi.resetModules();
  const { prerenderCurrentAddress } = await import('./prerender');
  const rendered = new Map<string, PrerenderedRoute>();
  for (const path of PATHS) {
    window.history.replaceState(null, '', `${path}${query}`);
    rendered.set(path, await prerenderCurrentAddress());
  }
  return rendered;
}

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  document.documentElement.className = '';
  Reflect.deleteProperty(navigator, 'userAgent');
  window.history.replaceState(null, '', '/');
});

describe('the hydration render is the build-time prerender (lib/hydration.ts)', () => {
  it('on every route, for a logged-in visitor in the app, in care mode, with a query in the address', { timeout: 60_000 }, async () => {
    const built = await renderAll('');
    expect(built.get('/login')?.html).toContain('<form');
    localStorage.setItem('accessToken', 'T'.repeat(43));
    localStorage.setItem('phone', '138****5678');
    localStorage.setItem('careMode', '1');
    document.documentElement.className = 'in-app care';
    Object.defineProperty(navigator, 'userAgent', { value: APP_USER_AGENT, configurable: true });
    const hydrated = await renderAll('?utm_source=wechat&utm_campaign=spring&channel=share');
    for (const path of PATHS) {
      expect.soft({ path, ...hydrated.get(path) }).toEqual({ path, ...built.get(path) });
    }
  });
});
