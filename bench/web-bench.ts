// `npm run bench:web`: builds the web app and prints each route's first-load JS and CSS in gzip
// bytes (bench/web-sizes.ts), against the JS budget of e2e/bundle-budget.spec.ts; then starts the real
// server and runs Lighthouse (bench/web-lighthouse.ts) on every route, against the delivery
// targets (performance >= 98, LCP <= 1.5 s; docs/architecture.md "Delivery"). BENCH_WEB_ROUTES (paths
// separated by spaces or commas, e.g. "/ /login") runs Lighthouse on those paths only: a full run takes
// minutes, and a comparison wants the same few routes at the same load.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ROUTES } from '../apps/web/src/app/route-table';
import { startChildServer } from '../apps/server/test/support/child-server.js';
import { runLighthouse } from './web-lighthouse';
import { ANALYTICS_GZIP_TARGET_BYTES, ANALYTICS_MODULE, JS_BUDGET_GZIP_BYTES, lazyModuleSize, routeSizes } from './web-sizes';

// Checked before the build, which takes a while.
const chosenPaths = (process.env.BENCH_WEB_ROUTES ?? '').split(/[\s,]+/).filter(Boolean);
if (chosenPaths.some((path) => !path.startsWith('/'))) {
  console.error(`BENCH_WEB_ROUTES takes paths starting with "/": ${process.env.BENCH_WEB_ROUTES}`);
  process.exit(1);
}

const root = resolve(import.meta.dirname, '..');
const build = spawnSync('npm', ['run', 'build', '-w', '@tyd/web', '--silent'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) {
  console.error('web build failed');
  process.exit(1);
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const sizes = routeSizes();
console.log(`\nFirst-load size per route (gzip -9), JS budget ${kb(JS_BUDGET_GZIP_BYTES)}`);
console.log('deferred: lazy non-page chunks (API transport, native bridge) fetched after the first render, when first used\n');
const header = ['route'.padEnd(22), 'JS bytes'.padStart(9), 'JS'.padStart(9), 'headroom'.padStart(9), 'CSS bytes'.padStart(10), 'deferred'.padStart(9), 'JS+deferred'.padStart(12)];
console.log(header.join(' '));
for (const size of sizes) {
  const row = [
    size.path.padEnd(22),
    String(size.js).padStart(9),
    kb(size.js).padStart(9),
    kb(JS_BUDGET_GZIP_BYTES - size.js).padStart(9),
    String(size.css).padStart(10),
    kb(size.deferredJs).padStart(9),
    kb(size.js + size.deferredJs).padStart(12),
  ];
  console.log(row.join(' '));
}
// The analytics module (started 200 ms after the app, in no route's first load) under 4 KB gzip
// (docs/telemetry.md "Start and size").
// A chunk it shares with the API transport (fetched at idle by every page, bench "deferred") is shown apart.
const analytics = lazyModuleSize(ANALYTICS_MODULE, ['src/lib/api-transport.ts']);
const own = analytics.js - analytics.shared;
const vitals = lazyModuleSize('src/features/telemetry/analytics/web-vitals.ts');
console.log(`\nanalytics module (records, send queue, page visits, page performance): ${own} bytes = ${kb(own)} gzip, target ${kb(ANALYTICS_GZIP_TARGET_BYTES)}`);
console.log(`  + ${kb(analytics.shared)} shared with the API transport (random bytes, base64) = ${kb(analytics.js)} [${analytics.files.join(', ')}]`);
console.log(`web vitals (the web-vitals library, loaded by analytics after start): ${vitals.js} bytes = ${kb(vitals.js)} gzip [${vitals.files.join(', ')}]`);
if (own > ANALYTICS_GZIP_TARGET_BYTES) {
  console.error('analytics module over its size target');
  process.exit(1);
}

// Every route of the table (SPEC §2's and the home page) but the operators' pages under `/ops`, and one
// unknown path (the 404 page), unless BENCH_WEB_ROUTES names others.
const forVisitors = (path: string) => path !== '/ops' && !path.startsWith('/ops/');
const LIGHTHOUSE_PATHS = chosenPaths.length > 0 ? chosenPaths : [...ROUTES.map((route) => route.path).filter(forVisitors), '/no-such-page'];
const TARGET_PERFORMANCE = 98;
const TARGET_LCP_MS = 1500;
const dataDir = mkdtempSync(join(tmpdir(), 'tyd-bench-web-'));
// Download links configured as a deployment has them: /download shows them (from the server's answer in
// its first screen, docs/architecture.md "Server answers in the first screen").
const server = await startChildServer({ DATA_DIR: dataDir, APP_DOWNLOAD_ANDROID_URL: 'https://dl.example.com/tyd.apk', APP_DOWNLOAD_IOS_URL: 'https://apps.apple.com/cn/app/id1' });
try {
  // Every page asked for once first, as visitors would have: a page whose first screen the server renders
  // with its answers is rendered for the next request (the first one after a start gets the plain prerender).
  for (const path of LIGHTHOUSE_PATHS) await (await fetch(`${server.baseUrl}${path}`, { headers: { accept: 'text/html' } })).text();
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  console.log(`\nLighthouse 12 (mobile preset, simulated slow 4G), targets: performance >= ${TARGET_PERFORMANCE}, LCP <= ${TARGET_LCP_MS / 1000} s\n`);
  console.log(['route'.padEnd(22), 'perf'.padStart(5), 'FCP'.padStart(7), 'LCP'.padStart(7), 'TBT'.padStart(7), 'CLS'.padStart(6), 'transferred'.padStart(12), ' target'].join(' '));
  for (const figures of await runLighthouse(server.baseUrl, LIGHTHOUSE_PATHS)) {
    const met = figures.performance >= TARGET_PERFORMANCE && figures.lcpMs <= TARGET_LCP_MS;
    const row = [
      (figures.finalPath === figures.path ? figures.path : `${figures.path} -> ${figures.finalPath}`).padEnd(22),
      String(figures.performance).padStart(5),
      `${(figures.fcpMs / 1000).toFixed(2)} s`.padStart(7),
      `${(figures.lcpMs / 1000).toFixed(2)} s`.padStart(7),
      `${Math.round(figures.tbtMs)} ms`.padStart(7),
      figures.cls.toFixed(3).padStart(6),
      kb(figures.transferredBytes).padStart(12),
      met ? ' met' : ' MISSED',
    ];
    console.log(row.join(' '));
  }
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

const over = sizes.filter((size) => size.js > JS_BUDGET_GZIP_BYTES);
if (over.length > 0) {
  console.error(`\nover budget: ${over.map((size) => size.path).join(', ')}`);
  process.exit(1);
}
