// First-load size of every route of the web app, from the Vite manifest of a build (the JS
// budgets). A route's first load is the entry chunk and the route's lazy page chunk, each with
// the chunks it imports statically, and the CSS those chunks carry: the shared shell (the entry's
// closure, which every page loads) plus what the route adds. Sizes are gzip -9 bytes, deterministic
// for a given build, so the budget test is fair in CI.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { NOT_FOUND_ROUTE, ROUTES, type RouteDef } from '../apps/web/src/app/route-table';

/**
 * The JS budgets (docs/architecture.md "Delivery", chosen from the measurement in bench/README.md
 * "Budgets"): the shared shell every page loads (the entry and its static closure: React and React DOM in
 * a chunk of their own, and the app's shell with what at least three routes' first loads share) at most
 * 96 KB gzip, and what any route adds on top (its page chunk and the chunks only one or two pages import)
 * at most 10 KB. On the slow-phone preset (1.6 Mbps) a KB is about 5 ms on the wire, and the wire is what a
 * first visit waits on (bench/README.md "React again"), so both are held close to what they are: growth
 * there is deliberate or it fails.
 */
export const SHELL_BUDGET_GZIP_BYTES = 96 * 1024;
export const ROUTE_BUDGET_GZIP_BYTES = 10 * 1024;
/**
 * At most this many scripts in a route's whole first load (shell included). Over HTTP/1.1 a browser opens
 * six connections per host, so with the page and its stylesheet more files than that wait for one and pay
 * the round trip again: the routes' small shared chunks once cost `/login` 0.35 s on the slow-phone preset
 * (bench/README.md "Budgets"). Nine: the most any route loads today (`/`, whose five small chunks arrive
 * before React's does).
 */
export const ROUTE_SCRIPTS_BUDGET = 9;
export const webDist = resolve(import.meta.dirname, '../apps/web/dist');

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface RouteSize {
  path: string;
  /** gzip bytes of the route's first-load JavaScript: the shell and what the route adds. */
  js: number;
  /** gzip bytes of what the route adds to the shell (`js` minus the shell's). */
  ownJs: number;
  ownFiles: string[];
  /** gzip bytes of the route's first-load CSS. */
  css: number;
  jsFiles: string[];
  cssFiles: string[];
  /**
   * gzip bytes of the lazy non-page chunks the route's code can import after the first render
   * (the API transport, the native bridge), not yet in `js`: a page that calls the API on load
   * fetches the transport right after it rendered.
   */
  deferredJs: number;
  deferredFiles: string[];
}

export function readManifest(dist: string = webDist): Manifest {
  const file = join(dist, '.vite/manifest.json');
  if (!existsSync(file)) throw new Error(`${file} missing: build the web app first (npm run build)`);
  return JSON.parse(readFileSync(file, 'utf8')) as Manifest;
}

function collect(manifest: Manifest, key: string, seen: Set<string>) {
  if (seen.has(key)) return;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`manifest has no chunk ${key}`);
  seen.add(key);
  for (const imported of chunk.imports ?? []) collect(manifest, imported, seen);
}

const gzipCache = new Map<string, number>();
function gzipBytes(dist: string, file: string): number {
  const path = join(dist, file);
  let size = gzipCache.get(path);
  if (size === undefined) {
    size = gzipSync(readFileSync(path), { level: 9 }).length;
    gzipCache.set(path, size);
  }
  return size;
}

/** Stylesheets index.html links itself (with cssCodeSplit off, the whole app's CSS). */
function htmlStylesheets(dist: string): string[] {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  return [...html.matchAll(/<link rel="stylesheet"[^>]*href="\/([^"]+)"/g)].map((m) => m[1]!);
}

/** The consumer app's entry (index.html); the operators' console is the build's other entry (ops.html). */
function entryKey(manifest: Manifest): string {
  if (!manifest['index.html']?.isEntry) throw new Error('manifest has no index.html entry chunk');
  return 'index.html';
}

export interface ShellSize {
  /** gzip bytes of the entry chunk and every chunk it imports statically: what every page loads. */
  js: number;
  files: string[];
}

export function shellSize(dist: string = webDist, manifest: Manifest = readManifest(dist)): ShellSize {
  const keys = new Set<string>();
  collect(manifest, entryKey(manifest), keys);
  const files = [...new Set([...keys].map((key) => manifest[key]!.file))].sort();
  return { js: files.reduce((sum, file) => sum + gzipBytes(dist, file), 0), files };
}

export function routeSize(route: RouteDef, manifest: Manifest, dist: string = webDist): RouteSize {
  const entry = entryKey(manifest);
  const pageKey = `src/${route.page}`;
  if (!manifest[pageKey]?.isDynamicEntry) throw new Error(`${route.path}: ${pageKey} is not a lazy chunk of the build`);
  const keys = new Set<string>();
  collect(manifest, entry, keys);
  collect(manifest, pageKey, keys);
  const jsFiles = [...new Set([...keys].map((key) => manifest[key]!.file))].sort();
  const cssFiles = [...new Set([...htmlStylesheets(dist), ...[...keys].flatMap((key) => manifest[key]!.css ?? [])])].sort();
  const pageKeys = new Set([...ROUTES, NOT_FOUND_ROUTE].map((r) => `src/${r.page}`));
  const deferredKeys = new Set<string>();
  for (const key of keys) {
    for (const lazy of manifest[key]!.dynamicImports ?? []) if (!pageKeys.has(lazy)) collect(manifest, lazy, deferredKeys);
  }
  const deferredFiles = [...new Set([...deferredKeys].filter((key) => !keys.has(key)).map((key) => manifest[key]!.file))].sort();
  const shell = new Set(shellSize(dist, manifest).files);
  const ownFiles = jsFiles.filter((file) => !shell.has(file));
  return {
    path: route.path,
    js: jsFiles.reduce((sum, file) => sum + gzipBytes(dist, file), 0),
    ownJs: ownFiles.reduce((sum, file) => sum + gzipBytes(dist, file), 0),
    ownFiles,
    css: cssFiles.reduce((sum, file) => sum + gzipBytes(dist, file), 0),
    jsFiles,
    cssFiles,
    deferredJs: deferredFiles.reduce((sum, file) => sum + gzipBytes(dist, file), 0),
    deferredFiles,
  };
}

/** Every route of the table plus the 404 page. */
export function routeSizes(dist: string = webDist): RouteSize[] {
  const manifest = readManifest(dist);
  return [...ROUTES, NOT_FOUND_ROUTE].map((route) => routeSize(route, manifest, dist));
}

/** The analytics module's size target, 4 KB gzip (docs/telemetry.md "Start and size"). */
export const ANALYTICS_GZIP_TARGET_BYTES = 4 * 1024;
/** The analytics module's lazy entry. */
export const ANALYTICS_MODULE = 'src/features/telemetry/start-telemetry.ts';

export interface LazyModuleSize {
  /** gzip bytes of the module's chunk and the chunks it imports that the entry does not load. */
  js: number;
  files: string[];
  /** Of those, the bytes of chunks the `alsoLoaded` modules fetch anyway (e.g. the API transport, warmed at idle). */
  shared: number;
  sharedFiles: string[];
}

/**
 * gzip bytes of a lazily loaded module (`src/…` key of the manifest): its chunk and the chunks it
 * imports statically that the entry does not already load (what fetching it costs after start).
 */
export function lazyModuleSize(src: string, alsoLoaded: string[] = [], dist: string = webDist): LazyModuleSize {
  const manifest = readManifest(dist);
  if (!manifest[src]?.isDynamicEntry) throw new Error(`${src} is not a lazy chunk of the build`);
  const loaded = new Set<string>();
  collect(manifest, entryKey(manifest), loaded);
  const keys = new Set<string>();
  collect(manifest, src, keys);
  const others = new Set<string>();
  for (const key of alsoLoaded) if (manifest[key]) collect(manifest, key, others);
  const files = [...new Set([...keys].filter((key) => !loaded.has(key)).map((key) => manifest[key]!.file))].sort();
  const sharedFiles = [...new Set([...keys].filter((key) => !loaded.has(key) && others.has(key)).map((key) => manifest[key]!.file))].sort();
  const sum = (list: string[]) => list.reduce((total, file) => total + gzipBytes(dist, file), 0);
  return { js: sum(files), files, shared: sum(sharedFiles), sharedFiles };
}
