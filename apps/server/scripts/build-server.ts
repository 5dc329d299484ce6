// The server's build (docs/operations.md, its opening): apps/server/src/server.ts and everything it
// imports from this repository (its modules and @tyd/protocol) bundled by esbuild into one ES module,
// apps/server/dist/server.mjs, with every package from node_modules left as an import, so native modules
// (better-sqlite3) and packages that find their own files (pino's transports, ip2region's data) load as
// installed. Starting it costs about 2.4 s of CPU where compiling the TypeScript at each start (tsx) cost
// about 5 s, which every restart, every added process and every test that starts a server paid.
import { build } from 'esbuild';
import { realpathSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const serverRoot = resolve(import.meta.dirname, '..');

/** Where the build lands: beside src/, so paths.ts's repository root (three levels up) stays the same. */
export const serverBundle = join(serverRoot, 'dist', 'server.mjs');

/**
 * Bundles the server into `outfile` (`serverBundle` by default; the benchmarks build their own file beside
 * it, so a benchmark never rewrites the bundle a test run is starting servers from) and returns its path.
 */
export async function buildServer(outfile = serverBundle): Promise<string> {
  await build({
    entryPoints: [join(serverRoot, 'src', 'server.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    // Stack traces in the logs name the TypeScript lines (node --enable-source-maps, `npm run serve`).
    sourcemap: true,
    logLevel: 'warning',
    plugins: [
      {
        name: 'packages-stay-imports',
        setup(bundler) {
          // A bare specifier is a package: imported at run time from node_modules, except this repository's
          // own workspaces (@tyd/…), which are TypeScript sources and are bundled.
          bundler.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@tyd/') ? undefined : { external: true }));
        },
      },
    ],
  });
  return outfile;
}

if (process.argv[1] !== undefined && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await buildServer();
}
