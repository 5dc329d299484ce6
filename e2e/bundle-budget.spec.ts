// The JS budgets (docs/architecture.md "Delivery", bench/README.md "Budgets"): at most 96 KB gzip for the
// shared shell every page loads, and at most 10 KB for what any route adds to it, measured from the Vite
// manifest of the build `npm test` makes before this stage (bench/web-sizes.ts). Sizes are deterministic
// for a given build, so this is fair in CI. Also what the build writes for the server's delivery:
// compressed copies and the route -> page map.
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  readManifest,
  ROUTE_BUDGET_GZIP_BYTES,
  ROUTE_SCRIPTS_BUDGET,
  routeSize,
  routeSizes,
  SHELL_BUDGET_GZIP_BYTES,
  shellSize,
  webDist,
} from '../bench/web-sizes';
import { NOT_FOUND_ROUTE, ROUTES } from '../apps/web/src/app/route-table';
import { repoRoot } from './support/server';

// Throws (failing the file) when there is no build: run `npm run build` first.
const sizes = routeSizes();
const shell = shellSize();

describe('bundle budget', () => {
  it('measures every route of the table and the 404 page', () => {
    expect(sizes.map((s) => s.path)).toEqual([...ROUTES, NOT_FOUND_ROUTE].map((r) => r.path));
  });

  it('the shared shell within 96 KB gzip', () => {
    expect(SHELL_BUDGET_GZIP_BYTES).toBe(96 * 1024);
    expect(shell.js, shell.files.join(', ')).toBeLessThanOrEqual(SHELL_BUDGET_GZIP_BYTES);
  });

  it.each(sizes.map((s) => [s.path, s] as const))('%s: adds at most 10 KB gzip to the shell', (_path, size) => {
    expect(ROUTE_BUDGET_GZIP_BYTES).toBe(10 * 1024);
    expect(size.ownJs, size.ownFiles.join(', ')).toBeLessThanOrEqual(ROUTE_BUDGET_GZIP_BYTES);
    // Shell and route together are the route's whole first load.
    expect(size.js).toBe(shell.js + size.ownJs);
  });

  it.each(sizes.map((s) => [s.path, s] as const))('%s: at most 9 scripts in its first load', (_path, size) => {
    expect(ROUTE_SCRIPTS_BUDGET).toBe(9);
    expect(size.jsFiles.length, size.jsFiles.join(', ')).toBeLessThanOrEqual(ROUTE_SCRIPTS_BUDGET);
  });

  it('/login, which every route that needs a session shows a visitor without one, loads in no more files than one host gets connections', () => {
    // Chromium opens six HTTP/1.1 connections per host: a seventh file waits for one and pays the round
    // trip again (150 ms on the slow-phone preset). The login page's own imports are in the shell because
    // every route that needs a session fetches them on a first visit (apps/web/vite.config.ts FIRST_LOADS; bench/README.md "The login
    // page's first load"); counted by page module alone they came as five small files beside the page.
    const CONNECTIONS_PER_HOST = 6;
    const login = sizes.find((size) => size.path === '/login')!;
    expect(ROUTES.filter((route) => route.requiresLogin).length).toBeGreaterThanOrEqual(3);
    expect(login.jsFiles.length + login.cssFiles.length, [...login.jsFiles, ...login.cssFiles].join(', ')).toBeLessThanOrEqual(CONNECTIONS_PER_HOST);
  });

  it("carries no operators' code in any route's first load or what it loads later: the console is its own entry", () => {
    // What only the console's code contains: its CSRF header, its API's addresses and its title.
    const consoleMarks = ['x-ops-csrf', '/ops/api/', '运营后台'];
    const manifest = readManifest();
    expect(manifest['ops.html']?.isEntry).toBe(true);
    const consumerFiles = new Set(sizes.flatMap((size) => [...size.jsFiles, ...size.deferredFiles]));
    for (const file of consumerFiles) {
      const text = readFileSync(join(webDist, file), 'utf8');
      expect(
        consoleMarks.filter((mark) => text.includes(mark)),
        file,
      ).toEqual([]);
    }
    // The marks are real: the console's own files have them.
    const consoleEntry = readFileSync(join(webDist, manifest['ops.html']!.file), 'utf8');
    expect(consoleMarks.some((mark) => consoleEntry.includes(mark))).toBe(true);
  });

  it("runs on React DOM's production build, in a chunk of React's own that every page loads and no app change renames", () => {
    const manifest = readManifest();
    const reactKeys = Object.keys(manifest).filter((key) => /^_react-[\w-]+\.js$/.test(key));
    expect(reactKeys).toHaveLength(1);
    const react = manifest[reactKeys[0]!]!;
    expect(manifest['index.html']!.imports).toContain(reactKeys[0]);
    expect(shell.files).toContain(react.file);
    const text = readFileSync(join(webDist, react.file), 'utf8');
    // React DOM's production build: its errors point to react.dev by number, it checks React's version
    // against its own; the development build spells its messages out.
    const version = (JSON.parse(readFileSync(join(repoRoot, 'node_modules/react-dom/package.json'), 'utf8')) as { version: string }).version;
    expect(version).toMatch(/^19\./);
    expect(text).toContain('https://react.dev/errors/');
    expect(text).toContain(version);
    expect(text).not.toContain('Incompatible React versions');
    // Nothing of the app: its name (a content hash) then changes with React's version alone, and a
    // deployment of the app leaves it in every phone's cache.
    for (const mark of ['tydApi', 'tyd-interactive', '通盈达']) expect(text, mark).not.toContain(mark);
    // It imports nothing but Rolldown's runtime helpers, which change only with the bundler.
    expect((react.imports ?? []).every((key) => /^_rolldown-runtime-/.test(key))).toBe(true);
  });

  it("one stylesheet for every consumer page, with none of the console's rules: those come with the console's entry and pages", () => {
    const manifest = readManifest();
    // Linked by index.html, and the only one any route's first load needs: no page chunk brings its own.
    const linked = [...readFileSync(join(webDist, 'index.html'), 'utf8').matchAll(/<link rel="stylesheet"[^>]*href="\/([^"]+)"/g)].map((m) => m[1]!);
    expect(linked).toHaveLength(1);
    for (const size of sizes) expect(size.cssFiles, size.path).toEqual(linked);
    const consumerPages = new Set([...ROUTES, NOT_FOUND_ROUTE].map((route) => `src/${route.page}`));
    for (const key of consumerPages) expect(manifest[key]?.css ?? [], key).toEqual([]);
    // What only the console's stylesheets have: its bar, its sign-in, the rewards and operators pages.
    const consoleSelectors = ['.console-bar', '.ops-sign-in', '.ops-rewards__', '.operators__'];
    const consumerCss = readFileSync(join(webDist, linked[0]!), 'utf8');
    expect(consoleSelectors.filter((selector) => consumerCss.includes(selector))).toEqual([]);
    const consoleCss = Object.entries(manifest)
      .filter(([key]) => key === 'ops.html' || /\/ops-[^/]*page\.tsx$/.test(key))
      .flatMap(([, chunk]) => chunk.css ?? [])
      .map((file) => readFileSync(join(webDist, file), 'utf8'))
      .join('\n');
    expect(consoleSelectors.filter((selector) => !consoleCss.includes(selector))).toEqual([]);
  });

  it('the measure can fail: a page whose own import is over budget is counted over it, the shell apart', () => {
    const dist = mkdtempSync(join(tmpdir(), 'tyd-budget-'));
    try {
      mkdirSync(join(dist, '.vite'));
      mkdirSync(join(dist, 'assets'));
      writeFileSync(join(dist, 'index.html'), '<link rel="stylesheet" crossorigin href="/assets/style.css">');
      writeFileSync(join(dist, 'assets/style.css'), 'body{}');
      writeFileSync(join(dist, 'assets/entry.js'), 'import "./shell.js"');
      writeFileSync(join(dist, 'assets/shell.js'), 'export {}');
      writeFileSync(join(dist, 'assets/page.js'), 'import "./heavy.js"');
      // Random bytes do not compress: 10 KB of them are 10 KB gzip and more.
      writeFileSync(join(dist, 'assets/heavy.js'), randomBytes(ROUTE_BUDGET_GZIP_BYTES));
      const manifest = {
        'index.html': { file: 'assets/entry.js', isEntry: true, imports: ['_shell.js'] },
        '_shell.js': { file: 'assets/shell.js' },
        'src/page.tsx': { file: 'assets/page.js', isDynamicEntry: true, imports: ['_heavy.js'] },
        '_heavy.js': { file: 'assets/heavy.js' },
      };
      writeFileSync(join(dist, '.vite/manifest.json'), JSON.stringify(manifest));
      const size = routeSize({ path: '/heavy', name: 'heavy', page: 'page.tsx' }, manifest, dist);
      expect(size.jsFiles).toEqual(['assets/entry.js', 'assets/heavy.js', 'assets/page.js', 'assets/shell.js']);
      expect(size.ownFiles).toEqual(['assets/heavy.js', 'assets/page.js']);
      expect(size.ownJs).toBeGreaterThan(ROUTE_BUDGET_GZIP_BYTES);
      // Imported by the entry, such bytes count against the shell instead.
      writeFileSync(join(dist, 'assets/big-shell.js'), randomBytes(SHELL_BUDGET_GZIP_BYTES));
      const withBigShell = {
        ...manifest,
        'index.html': { ...manifest['index.html'], imports: ['_shell.js', '_big-shell.js'] },
        '_big-shell.js': { file: 'assets/big-shell.js' },
      };
      expect(shellSize(dist, withBigShell).js).toBeGreaterThan(SHELL_BUDGET_GZIP_BYTES);
      expect(routeSize({ path: '/heavy', name: 'heavy', page: 'page.tsx' }, withBigShell, dist).ownFiles).toEqual(['assets/heavy.js', 'assets/page.js']);
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });

  it('every compressible build file of 1 KB or more has brotli and gzip copies of exactly its bytes', () => {
    const walk = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
        entry.isDirectory() ? (entry.name === '.vite' ? [] : walk(join(dir, entry.name))) : [join(dir, entry.name)],
      );
    const files = walk(webDist);
    const compressible = files.filter((file) => /\.(js|css|html)$/.test(file) && relative(webDist, file) !== 'index.html' && statSync(file).size >= 1024);
    expect(compressible.length).toBeGreaterThan(10);
    for (const file of compressible) {
      const source = readFileSync(file);
      expect(brotliDecompressSync(readFileSync(`${file}.br`)).equals(source), file).toBe(true);
      expect(gunzipSync(readFileSync(`${file}.gz`)).equals(source), file).toBe(true);
    }
    // index.html is rendered per route by the server, which compresses what it renders.
    expect(files).not.toContain(join(webDist, 'index.html.br'));
  });

  it('the build maps every route, and "*" for the 404 page, to its lazy page module for the server\'s preload links', () => {
    const routes = JSON.parse(readFileSync(join(webDist, '.vite/routes.json'), 'utf8')) as Record<string, string>;
    expect(routes).toEqual(Object.fromEntries([...ROUTES, NOT_FOUND_ROUTE].map((route) => [route.path, `src/${route.page}`])));
    const manifest = readManifest();
    for (const key of Object.values(routes)) expect(manifest[key]?.isDynamicEntry, key).toBe(true);
  });

  it('the first load of a route holds its own page chunk and no other page', () => {
    const manifest = readManifest();
    const pageFiles = new Map([...ROUTES, NOT_FOUND_ROUTE].map((r) => [r.path, manifest[`src/${r.page}`]!.file]));
    for (const size of sizes) {
      const pagesLoaded = size.jsFiles.filter((file) => [...pageFiles.values()].includes(file));
      expect(pagesLoaded, size.path).toEqual([pageFiles.get(size.path)]);
    }
  });

  it('the API transport (envelope and signing) is a lazy chunk, outside every first load', () => {
    const transport = readManifest()['src/lib/api-transport.ts'];
    expect(transport?.isDynamicEntry).toBe(true);
    for (const size of sizes) expect(size.jsFiles, size.path).not.toContain(transport!.file);
  });

  it('index.html preloads the shell chunks, so no route waits on a request waterfall', () => {
    const html = readFileSync(join(webDist, 'index.html'), 'utf8');
    const entry = readManifest()['index.html']!;
    expect(entry.imports?.length).toBeGreaterThan(0);
    for (const imported of entry.imports ?? []) expect(html).toContain(`href="/${readManifest()[imported]!.file}"`);
  });
});
