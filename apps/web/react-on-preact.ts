// The web app is written against React's API and types, and runs on Preact's compatibility layer
// (docs/architecture.md "React's API on Preact"): React and React DOM were 67 KB gzip of the 82.5 KB
// shell every first load waits for on a slow phone's link; with Preact the whole shell was 24.9 KB.
// Every build and test of the web app resolves React's modules to Preact's through these aliases: the
// browser bundle (vite.config.ts), the build-time prerender (scripts/prerender.ts) and the unit tests
// (vitest.config.ts), so what is tested is what ships.
import type { Alias } from 'vite';

export const REACT_ON_PREACT: Alias[] = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
];
