import { defineConfig, type Plugin } from 'vite';

// Vite 8 compiles TSX with oxc; no React plugin is needed (the automatic JSX runtime is set here).
// Chunking is tuned for the first-load budget of issue 4 (80 KB gzip JS per route, checked by
// e2e/bundle-budget.spec.ts from the manifest, which `build.manifest` writes):
//  - React and the shared UI pieces form one chunk that index.html preloads with the entry, so
//    a lazy page chunk depends only on what is already loaded (no request waterfall);
//  - one small stylesheet for the whole app (≈2 KB gzip), loaded by index.html, so lazy pages
//    need no CSS preloading and never flash unstyled;
//  - hence no Vite preload helper or modulepreload polyfill in the bundle (≈1.4 KB gzip): index.html
//    still gets <link rel="modulepreload"> for the entry's chunks.
/**
 * Vite wraps every dynamic import in a helper that first preloads the imported chunk's own
 * dependencies and CSS (~1.2 KB gzip in every route's first load). Here there is nothing for it
 * to do: all CSS is in the one stylesheet, and a lazy chunk (a page, the API transport, the
 * native bridge) depends only on the shell chunks index.html has already loaded. So the helper
 * is replaced by a plain call; failures still reject and reach the ChunkLoadError handling.
 */
const plainDynamicImports: Plugin = {
  name: 'tyd:plain-dynamic-imports',
  enforce: 'pre',
  load(id) {
    return id === '\0vite/preload-helper.js' ? 'export const __vitePreload = (load) => load();' : undefined;
  },
};

export default defineConfig({
  base: '/',
  plugins: [plainDynamicImports],
  oxc: { jsx: { runtime: 'automatic' } },
  build: {
    manifest: true,
    target: 'es2022',
    sourcemap: false,
    cssCodeSplit: false,
    modulePreload: {
      polyfill: false,
      resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []),
    },
    rolldownOptions: {
      output: {
        advancedChunks: {
          groups: [
            {
              name: 'shell',
              test: (id: string) =>
                /node_modules\/(react|react-dom|scheduler)\//.test(id) ||
                /\/apps\/web\/src\/(components|lib)\//.test(id) && !/\/(api-transport|native-bridge)\.ts$/.test(id) ||
                /\/packages\/protocol\/src\/(constants|codes|errors|format)\.ts$/.test(id),
            },
          ],
        },
      },
    },
  },
});
