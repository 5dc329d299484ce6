// `npm run build -w @tyd/web`, after `vite build`: bundles the prerender for Node (src/prerender.tsx and
// src/prerender-window.ts into dist/.vite/ssr/, removed again afterwards: only the build renders), then
// prerenders every route with that bundle and writes dist/.vite/prerender.json, route path ("*" for any
// other path) -> markup and first-paint details, which the server puts into the page it sends
// (apps/server/src/plugins/web-app.ts; docs/architecture.md "Delivery"). The first screen comes from the
// build alone: the server never renders.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
import type { PrerenderedRoute, prerenderCurrentAddress as PrerenderCurrentAddress } from '../src/prerender';
import type { installPrerenderWindow as InstallPrerenderWindow } from '../src/prerender-window';
import { LOGIN_PATH, ROUTES } from '../src/app/route-table';

const webRoot = resolve(import.meta.dirname, '..');
const ssrDir = join(webRoot, 'dist/.vite/ssr');
const outFile = join(webRoot, 'dist/.vite/prerender.json');
/** Any address outside the route table: the 404 page. */
const UNKNOWN_PATH = '/no-such-page';

// Dependencies (React, happy-dom) stay imports, resolved from node_modules as the build runs; the
// workspace's own packages are bundled. CSS imports are dropped: the page's stylesheet is the browser build's.
await build({
  root: webRoot,
  configFile: false,
  publicDir: false,
  logLevel: 'warn',
  oxc: { jsx: { runtime: 'automatic' } },
  build: {
    ssr: true,
    outDir: ssrDir,
    emptyOutDir: true,
    target: 'node20',
    rolldownOptions: { input: { prerender: 'src/prerender.tsx', 'prerender-window': 'src/prerender-window.ts' }, output: { entryFileNames: '[name].js' } },
  },
});

const { installPrerenderWindow } = (await import(pathToFileURL(join(ssrDir, 'prerender-window.js')).href)) as {
  installPrerenderWindow: typeof InstallPrerenderWindow;
};
const window = installPrerenderWindow();
try {
  const { prerenderCurrentAddress } = (await import(pathToFileURL(join(ssrDir, 'prerender.js')).href)) as {
    prerenderCurrentAddress: typeof PrerenderCurrentAddress;
  };
  const routes: Record<string, PrerenderedRoute> = {};
  for (const [key, path] of [...ROUTES.map((route) => [route.path, route.path]), ['*', UNKNOWN_PATH]] as const) {
    window.happyDOM.setURL(`http://localhost${path}`);
    routes[key] = await prerenderCurrentAddress();
  }
  mkdirSync(join(webRoot, 'dist/.vite'), { recursive: true });
  writeFileSync(outFile, `${JSON.stringify({ loginPath: LOGIN_PATH, routes }, null, 2)}\n`);
  console.log(`prerendered ${Object.keys(routes).length} routes into ${outFile}`);
} finally {
  await window.happyDOM.close();
  rmSync(ssrDir, { recursive: true, force: true });
}
