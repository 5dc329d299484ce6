import { defineConfig, type Plugin } from 'vite';

// Vite 8 compiles TSX with oxc; no React plugin is needed (the automatic JSX runtime is set here).
// Chunking is tuned for the first-load budget of issue 4 (80 KB gzip JS per route, checked by
// e2e/bundle-budget.spec.ts from the manifest, which `build.manifest` writes):
//  - everything the entry imports statically (React, router, API client, session, toaster…)
//    is one "shell" chunk, preloaded by index.html with the entry: two files before any page,
//    instead of the several small chunks the default splitting makes of shared modules;
//  - code only pages use stays with the pages (a login form never weighs on the 404 page); a
//    lazy page's own shared chunks are preloaded in parallel with it (see smallPreloadHelper);
//  - one small stylesheet for the whole app (≈2 KB gzip) loaded by index.html, so lazy pages
//    never flash unstyled and need no CSS preloading;
//  - no modulepreload polyfill: every supported webview (Chrome 66+, Safari 17+) preloads natively,
//    and older ones simply load the same files without the hint.

/** Module ids the entry reaches through static imports, known once the graph is built. */
const entryClosure = new Set<string>();

// @tyd/protocol is consumed through its index, which re-exports every module: following those
// re-exports would put the envelope and the endpoint schemas in the shell, though only the API
// transport (a lazy chunk) uses them. The shell takes the protocol modules it really needs.
const PROTOCOL_INDEX = /\/packages\/protocol\/src\/index\.ts$/;
const PROTOCOL_FOR_SHELL = /\/packages\/protocol\/src\/(constants|codes|errors|format|protocol-type-error)\.ts$/;
// The page frame and links nearly every page uses: in the shell rather than one more request each.
const PAGE_BASICS = /\/apps\/web\/src\/components\/(page|link)\.tsx$/;

const findEntryClosure: Plugin = {
  name: 'tyd:entry-closure',
  apply: 'build',
  buildEnd() {
    entryClosure.clear();
    const queue = [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry);
    while (queue.length > 0) {
      const id = queue.pop()!;
      if (entryClosure.has(id)) continue;
      entryClosure.add(id);
      if (PROTOCOL_INDEX.test(id)) continue;
      queue.push(...(this.getModuleInfo(id)?.importedIds ?? []));
    }
  },
};

/**
 * Vite wraps each dynamic import as __vitePreload(load, deps) so the chunk's own static imports
 * are fetched in parallel with it. Its stock helper (≈0.6 KB gzip in every first load) also
 * preloads CSS and polyfills rel=modulepreload; neither applies here (one stylesheet, no
 * polyfill), so this version only adds the modulepreload hints. A failed import still rejects,
 * reaching the ChunkLoadError handling (app/page-loader.ts).
 */
const smallPreloadHelper: Plugin = {
  name: 'tyd:small-preload-helper',
  enforce: 'pre',
  load(id) {
    if (id !== '\0vite/preload-helper.js') return undefined;
    return `const seen = new Set();
export const __vitePreload = (load, deps) => {
  for (const dep of deps || []) {
    if (seen.has(dep)) continue;
    seen.add(dep);
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = '/' + dep;
    document.head.appendChild(link);
  }
  return load();
};`;
  },
};

export default defineConfig({
  base: '/',
  plugins: [findEntryClosure, smallPreloadHelper],
  oxc: { jsx: { runtime: 'automatic' } },
  build: {
    manifest: true,
    target: 'es2022',
    sourcemap: false,
    cssCodeSplit: false,
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        advancedChunks: {
          groups: [
            {
              name: 'shell',
              test: (id: string) =>
                PROTOCOL_FOR_SHELL.test(id) ||
                PAGE_BASICS.test(id) ||
                (entryClosure.has(id) && !PROTOCOL_INDEX.test(id) && !/\/src\/main\.tsx$|\.html$/.test(id)),
            },
          ],
        },
      },
    },
  },
});
