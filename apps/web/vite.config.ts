import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import { LOGIN_PATH, NOT_FOUND_ROUTE, ROUTES, type RouteDef } from './src/app/route-table';

// Vite 8 compiles TSX with oxc; no React plugin is needed (the automatic JSX runtime is set here).
// Chunking serves what a phone loads first (budgets for the shared shell and for what each route adds,
// checked by e2e/bundle-budget.spec.ts from the manifest, which `build.manifest` writes; bench/README.md
// "Budgets", docs/architecture.md "Delivery"):
//  - React and React DOM are a chunk of their own (REACT below); everything else the entry imports
//    statically (router, API client, session, toaster…) is one "shell" chunk; both load with the entry as
//    soon as the HTML names them, instead of the several small chunks the default splitting makes of
//    shared modules;
//  - code only pages use stays with the pages (a login form never weighs on the 404 page); on a
//    first load the server names the route's page chunk and its imports in the page (modulepreload,
//    from .vite/routes.json below), on a navigation they are preloaded in parallel with the page
//    (see smallPreloadHelper);
//  - one stylesheet for the whole consumer app, linked by index.html: every stylesheet the consumer entry
//    can reach, its lazy pages' included, is part of the shell chunk, whose CSS Vite links (so lazy pages
//    never flash unstyled and need no CSS preloading, and a first load has one render-blocking
//    stylesheet; split per route, `/` would load four: bench/README.md "Before hydration"). CSS is split
//    per chunk (`cssCodeSplit`) only so that the console's stylesheets stay out of it: ops.html links the
//    shell's and its entry's, and its pages' own come with their chunks (smallPreloadHelper);
//  - the syntax of ES2020, the oldest browsers' (Chrome and Android WebView 80, Safari 13.1, iOS 13.4:
//    docs/architecture.md "Browser floor"; e2e/browser-floor.spec.ts parses the build as ES2020);
//  - no modulepreload polyfill: Chrome preloads natively from 66, Safari from 17, and older Safari simply
//    loads the same files without the hint;
//  - the operators' console is a second entry, ops.html (src/console/console-main.tsx; docs/operations.md
//    "The console"): none of its code is in the consumer app's graph, and the shell group above is the
//    consumer entry's closure only, so the console shares files with the app only where Rolldown's own
//    splitting finds modules both use (components).

/**
 * Module ids of the shell, known once the graph is built: what the entry reaches through static imports,
 * and what the first loads of at least MIN_PAGES_SHARING routes need (each route's page module and its
 * static imports).
 */
const shellModules = new Set<string>();
/**
 * Shared by this many routes' first loads, a module goes into the shell instead of a chunk of its own.
 * A first load is fetched over HTTP/1.1's six connections per host, so every further file of a route
 * waits for a connection and pays the round trip again (150 ms on the slow-phone preset): measured, the
 * small chunks `/login` fetched beside its page ended 0.35 s after the shell had arrived
 * (bench/README.md "React's API on Preact, and fewer files per route"). Three routes: what several pages share (forms, the query cache, endpoint
 * paths) arrives with the shell, which every page loads anyway; what one or two pages use stays theirs.
 */
const MIN_PAGES_SHARING = 3;
const pageModule = (route: RouteDef) => resolve(import.meta.dirname, 'src', route.page);
const PAGE_MODULES = new Set([...ROUTES, NOT_FOUND_ROUTE].map(pageModule));
/**
 * The page modules each route's first load starts from: its own, and for a route that needs a session also
 * the login page, which is what a visitor without one is shown there (the server sends the login prerender
 * and the guard goes to /login: apps/server/src/plugins/first-screen.ts, app/login-guard.ts). So the login
 * page's imports count once for each of those routes, since a first visit to any of them fetches them,
 * and go into the shell: counted by page module alone they were shared by one or two pages and came as five
 * small files beside /login's page (bench/README.md "The login page's first load").
 */
const loginRoute = ROUTES.find((route) => route.path === LOGIN_PATH);
if (!loginRoute) throw new Error(`the route table has no ${LOGIN_PATH}`);
const LOGIN_PAGE = pageModule(loginRoute);
const FIRST_LOADS = [...ROUTES, NOT_FOUND_ROUTE].flatMap((route) => (route.requiresLogin ? [pageModule(route), LOGIN_PAGE] : [pageModule(route)]));

// @tyd/protocol is consumed through its entries (index, /wire, /schemas), which re-export every module:
// following those re-exports would put the envelope, signing and the endpoint schemas in the shell,
// though only the API transport (a lazy chunk) uses them. The shell takes the protocol modules it
// really needs.
const PROTOCOL_INDEX = /\/packages\/protocol\/src\/(index|wire|schemas)\.ts$/;
const PROTOCOL_FOR_SHELL = /\/packages\/protocol\/src\/(constants|codes|errors|format|protocol-type-error)\.ts$/;
// The consumer app's entry (index.html, which loads src/main.tsx); ops.html, the console's, is the other.
const CONSUMER_ENTRY = /\/apps\/web\/(index\.html|src\/main\.tsx)$/;
const STYLESHEET = /\.css$/;
/**
 * React, React DOM and the scheduler: a chunk of their own, which every page loads with the shell. Its name
 * is a hash of its content, so it changes only with React's version: a deployment of the app leaves it in
 * the phones' caches, and a person coming back after one fetches the app's shell again but not React.
 */
const REACT = /\/node_modules\/(react|react-dom|scheduler)\//;

const findShellModules: Plugin = {
  name: 'tyd:shell-modules',
  apply: 'build',
  buildEnd() {
    /** What `start` imports statically, and with `lazily` also what it imports dynamically, all the way down. */
    const closureOf = (start: string[], lazily = false) => {
      const closure = new Set<string>();
      const queue = [...start];
      while (queue.length > 0) {
        const id = queue.pop()!;
        if (closure.has(id)) continue;
        closure.add(id);
        if (PROTOCOL_INDEX.test(id)) continue;
        const info = this.getModuleInfo(id);
        queue.push(...(info?.importedIds ?? []), ...((lazily && info?.dynamicallyImportedIds) || []));
      }
      return closure;
    };
    const consumerEntry = [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry && CONSUMER_ENTRY.test(id));
    const entryClosure = closureOf(consumerEntry);
    const pagesNeeding = new Map<string, number>();
    for (const page of FIRST_LOADS) {
      for (const id of closureOf([page])) if (!entryClosure.has(id)) pagesNeeding.set(id, (pagesNeeding.get(id) ?? 0) + 1);
    }
    shellModules.clear();
    for (const id of entryClosure) shellModules.add(id);
    for (const [id, pages] of pagesNeeding) if (pages >= MIN_PAGES_SHARING && !PAGE_MODULES.has(id)) shellModules.add(id);
    // Every stylesheet the consumer app can load, its lazy pages' too: in the shell, they are the one
    // stylesheet index.html links (see the notes at the top); the console's own stay with its chunks.
    for (const id of closureOf(consumerEntry, true)) if (STYLESHEET.test(id)) shellModules.add(id);
  },
};

/**
 * Vite wraps each dynamic import as __vitePreload(load, deps) so the chunk's own static imports
 * are fetched in parallel with it. Its stock helper (≈0.6 KB gzip in every first load) also
 * polyfills rel=modulepreload and reports failures through an event; neither applies here (no polyfill,
 * a failed import rejects, reaching the ChunkLoadError handling of app/page-loader.ts). This one adds the
 * modulepreload hints and, for a chunk with a stylesheet of its own (only the console's pages have one:
 * the consumer's are all in the shell's), links it and waits for it, so no page shows unstyled. A file the
 * page already names (the shell, and on a first load the route's chunks the server put into the HTML) is
 * not named again: five more link elements in the head while the first page hydrates were measurable
 * work on a slow phone.
 */
const smallPreloadHelper: Plugin = {
  name: 'tyd:small-preload-helper',
  enforce: 'pre',
  load(id) {
    if (id !== '\0vite/preload-helper.js') return undefined;
    return `let named;
export const __vitePreload = (load, deps) => {
  named ??= new Set(Array.from(document.querySelectorAll('link[rel=modulepreload],link[rel=stylesheet]'), (link) => link.getAttribute('href')));
  const styles = [];
  for (const dep of deps || []) {
    const href = '/' + dep;
    if (named.has(href)) continue;
    named.add(href);
    const link = document.createElement('link');
    link.href = href;
    if (dep.endsWith('.css')) {
      link.rel = 'stylesheet';
      styles.push(new Promise((resolve, reject) => {
        link.onload = resolve;
        link.onerror = () => reject(new Error('stylesheet failed: ' + href));
      }));
    } else {
      link.rel = 'modulepreload';
    }
    document.head.appendChild(link);
  }
  return styles.length > 0 ? Promise.all(styles).then(load) : load();
};`;
  },
};

/**
 * Route path ("*" for any other path) -> the manifest key of its lazy page module, written as dist/.vite/routes.json. The
 * server reads it with .vite/manifest.json to put the requested route's chunks into index.html as
 * modulepreload links (docs/architecture.md "Delivery"), without importing web source.
 */
const routeEntries: Plugin = {
  name: 'tyd:route-entries',
  apply: 'build',
  generateBundle() {
    // "*": the 404 page, which any other path shows (its prerender is sent for those; plugins/first-screen.ts).
    const routes = Object.fromEntries([...ROUTES, NOT_FOUND_ROUTE].map((route) => [route.path, `src/${route.page}`]));
    this.emitFile({ type: 'asset', fileName: '.vite/routes.json', source: `${JSON.stringify(routes, null, 2)}\n` });
  },
};

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
/** Below this a compressed copy saves less than a TCP packet; the server then sends the file as is. */
const MIN_COMPRESS_BYTES = 1024;

/**
 * Brotli (quality 11) and gzip (level 9) copies beside every compressible build file, served by
 * Accept-Encoding (apps/server/src/plugins/web-app.ts, @fastify/static `preCompressed`). Done once at
 * build time at the highest levels, which would be too slow per request. A dozen lines of node:zlib
 * rather than a plugin dependency. index.html is left out: the server compresses the page it renders
 * from it; so is .vite/, which is never served. A copy no smaller than its file is not written.
 */
let outDir = '';
const precompress: Plugin = {
  name: 'tyd:precompress',
  apply: 'build',
  configResolved(config) {
    outDir = resolve(config.root, config.build.outDir);
  },
  closeBundle(error?: Error) {
    if (error) return;
    const walk = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
        if (entry.isDirectory()) return entry.name === '.vite' ? [] : walk(join(dir, entry.name));
        return [join(dir, entry.name)];
      });
    for (const file of walk(outDir)) {
      if (!COMPRESSIBLE.test(file) || file === join(outDir, 'index.html') || statSync(file).size < MIN_COMPRESS_BYTES) continue;
      const source = readFileSync(file);
      const copies = {
        br: brotliCompressSync(source, {
          params: {
            [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
            [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
            [zlib.BROTLI_PARAM_SIZE_HINT]: source.length,
          },
        }),
        gz: gzipSync(source, { level: 9 }),
      };
      for (const [extension, copy] of Object.entries(copies)) if (copy.length < source.length) writeFileSync(`${file}.${extension}`, copy);
    }
  },
};

export default defineConfig({
  base: '/',
  plugins: [findShellModules, smallPreloadHelper, routeEntries, precompress],
  oxc: { jsx: { runtime: 'automatic' } },
  build: {
    manifest: true,
    target: 'es2020',
    sourcemap: false,
    cssCodeSplit: true,
    modulePreload: { polyfill: false },
    rolldownOptions: {
      input: { index: resolve(import.meta.dirname, 'index.html'), ops: resolve(import.meta.dirname, 'ops.html') },
      output: {
        advancedChunks: {
          groups: [
            { name: 'react', priority: 2, test: REACT },
            {
              name: 'shell',
              priority: 1,
              test: (id: string) => PROTOCOL_FOR_SHELL.test(id) || (shellModules.has(id) && !PROTOCOL_INDEX.test(id) && !/\/src\/main\.tsx$|\.html$/.test(id)),
            },
          ],
        },
      },
    },
  },
});
