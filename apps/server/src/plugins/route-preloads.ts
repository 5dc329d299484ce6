// Which files a page route needs beyond what index.html already loads, from two files the web build
// writes (docs/architecture.md "Delivery"): .vite/manifest.json (Vite's chunk graph, `build.manifest`)
// and .vite/routes.json (route path -> manifest key of the route's lazy page module, written by the
// `tyd:route-entries` plugin of apps/web/vite.config.ts). The server never imports web source.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

/** What a route's page needs beyond what index.html loads: build file addresses ("/assets/…"). */
export interface RouteChunks {
  /** Stylesheets of the page chunk and its imports: the first screen needs them. */
  styles: string[];
  /** The page chunk and its static imports (module scripts). */
  modules: string[];
}

/** Route path ("*" for any other path) -> its chunks. */
export type RoutePreloads = ReadonlyMap<string, RouteChunks>;

/** The route's stylesheets as `<link>` tags: every page gets them, since its first screen needs them. */
export function stylesheetLinks(chunks: RouteChunks | undefined): string {
  return (chunks?.styles ?? []).map((href) => `<link rel="stylesheet" crossorigin href="${href}">`).join('');
}

/**
 * The route's modules as `modulepreload` links, beside the entry's module script in every page. Without them the browser finds the page chunk only after the entry ran
 * (index -> shell -> page -> the page's imports, one round trip each); with them, all start with the
 * HTML. `crossorigin` as on Vite's own tags, so the preloaded response matches the module request's
 * credentials mode and is reused (HTML §4.6.7.2).
 */
export function modulePreloadLinks(chunks: RouteChunks | undefined): string {
  return (chunks?.modules ?? []).map((href) => `<link rel="modulepreload" crossorigin href="${href}">`).join('');
}

/** The manifest key of the consumer app's entry (apps/web/index.html). */
const CONSUMER_ENTRY = 'index.html';

async function readJson(file: string): Promise<unknown> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as unknown;
  } catch {
    return undefined;
  }
}

/** The chunk under `key` and every chunk it imports statically (those the browser fetches before running it). */
function staticClosure(manifest: Record<string, ManifestChunk>, key: string, into = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || into.has(key)) return into;
  into.add(key);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, into);
  return into;
}

/**
 * Chunks per route: the page chunk and its static imports, and their CSS, minus what the entry loads
 * already (index.html has those). A build without the two files (an older build) gives none, and pages
 * still work.
 */
export async function readRoutePreloads(webDist: string): Promise<RoutePreloads> {
  const manifest = (await readJson(join(webDist, '.vite/manifest.json'))) as Record<string, ManifestChunk> | undefined;
  const routes = (await readJson(join(webDist, '.vite/routes.json'))) as Record<string, string> | undefined;
  const preloads = new Map<string, RouteChunks>();
  if (!manifest || !routes) return preloads;
  // The consumer app's entry by its name: the build has two (ops.html is the console's), and nothing in
  // the manifest's order says which comes first.
  const loaded = manifest[CONSUMER_ENTRY]?.isEntry ? staticClosure(manifest, CONSUMER_ENTRY) : new Set<string>();
  const loadedCss = new Set([...loaded].flatMap((key) => manifest[key]?.css ?? []));
  for (const [path, pageKey] of Object.entries(routes)) {
    const keys = [...staticClosure(manifest, pageKey)].filter((key) => !loaded.has(key));
    const scripts = [...new Set(keys.map((key) => manifest[key]!.file))];
    const styles = [...new Set(keys.flatMap((key) => manifest[key]!.css ?? []))].filter((file) => !loadedCss.has(file));
    preloads.set(path, { styles: styles.map((file) => `/${file}`), modules: scripts.map((file) => `/${file}`) });
  }
  return preloads;
}
