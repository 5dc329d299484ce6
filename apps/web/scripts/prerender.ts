// `npm run build -w @tyd/web`, after `vite build`: prerenders every route (src/prerender.tsx) and writes
// dist/.vite/prerender.json, route path ("*" for any other path) -> markup and first-paint details, which
// the server puts into the page it sends (apps/server/src/plugins/web-app.ts; docs/architecture.md
// "Delivery"). Vite loads the app's modules for Node (CSS imports, import.meta.glob); happy-dom provides
// the browser globals they read, with empty storage: the state of a first visitor.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Window } from 'happy-dom';
import { createServer } from 'vite';
import type { PrerenderedRoute, prerenderCurrentAddress as PrerenderCurrentAddress } from '../src/prerender';
import { LOGIN_PATH, ROUTES } from '../src/app/route-table';

const webRoot = resolve(import.meta.dirname, '..');
const outFile = join(webRoot, 'dist/.vite/prerender.json');
/** Any address outside the route table: the 404 page. */
const UNKNOWN_PATH = '/no-such-page';

const window = new Window({ url: 'http://localhost/' });
Object.assign(globalThis, {
  window,
  document: window.document,
  navigator: window.navigator,
  location: window.location,
  history: window.history,
  localStorage: window.localStorage,
  sessionStorage: window.sessionStorage,
});

const vite = await createServer({
  root: webRoot,
  configFile: false,
  logLevel: 'error',
  appType: 'custom',
  server: { middlewareMode: true, hmr: false, ws: false },
  oxc: { jsx: { runtime: 'automatic' } },
});
try {
  const { prerenderCurrentAddress } = (await vite.ssrLoadModule('/src/prerender.tsx')) as { prerenderCurrentAddress: typeof PrerenderCurrentAddress };
  const routes: Record<string, PrerenderedRoute> = {};
  for (const [key, path] of [...ROUTES.map((route) => [route.path, route.path]), ['*', UNKNOWN_PATH]] as const) {
    window.happyDOM.setURL(`http://localhost${path}`);
    routes[key] = await prerenderCurrentAddress();
  }
  mkdirSync(join(webRoot, 'dist/.vite'), { recursive: true });
  writeFileSync(outFile, `${JSON.stringify({ loginPath: LOGIN_PATH, routes }, null, 2)}\n`);
  console.log(`prerendered ${Object.keys(routes).length} routes into ${outFile}`);
} finally {
  await vite.close();
  await window.happyDOM.close();
}
