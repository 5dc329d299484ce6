// Issue 4 budget: at most 80 KB gzip of first-load JavaScript for any route, measured from the
// Vite manifest of the build `npm test` makes before this stage (bench/web-sizes.ts). Sizes are
// deterministic for a given build, so this is fair in CI.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { JS_BUDGET_GZIP_BYTES, readManifest, routeSizes, webDist } from '../bench/web-sizes';
import { NOT_FOUND_ROUTE, ROUTES } from '../apps/web/src/app/route-table';

// Throws (failing the file) when there is no build: run `npm run build` first.
const sizes = routeSizes();

describe('bundle budget', () => {
  it('measures every route of the table and the 404 page', () => {
    expect(sizes.map((s) => s.path)).toEqual([...ROUTES, NOT_FOUND_ROUTE].map((r) => r.path));
  });

  it.each(sizes.map((s) => [s.path, s] as const))('%s: first-load JS within 80 KB gzip', (_path, size) => {
    expect(size.js, `${size.jsFiles.join(', ')}`).toBeLessThanOrEqual(JS_BUDGET_GZIP_BYTES);
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
    const entry = Object.values(readManifest()).find((chunk) => chunk.isEntry)!;
    for (const imported of entry.imports ?? []) expect(html).toContain(`href="/${readManifest()[imported]!.file}"`);
  });
});
