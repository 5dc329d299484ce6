// `npm run bench:web`: builds the web app and prints the shared shell's and each route's own first-load JS
// in gzip bytes (bench/web-sizes.ts) against the two budgets of e2e/bundle-budget.spec.ts; then starts the
// real server and measures every route twice: in real Chromium on Lighthouse's mobile preset (first paint
// and interactive, median of 3: bench/web-lab.ts; interactive again with only the preset's link and with
// only its processor slowdown, which says where a route's time goes) and with Lighthouse (bench/web-lighthouse.ts), against the
// delivery targets (interactive <= 1.0 s; Lighthouse performance >= 95 and LCP <= 1.5 s;
// docs/architecture.md "Delivery"). BENCH_WEB_ROUTES (paths separated by spaces or commas, e.g. "/ /login")
// measures those paths only: a full run takes minutes, and a comparison wants the same few routes at the
// same load.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ROUTES } from '../apps/web/src/app/route-table';
import { buildServer } from '../apps/server/scripts/build-server.js';
import { startChildServer } from '../apps/server/test/support/child-server.js';
import { runLab } from './web-lab';
import { runLighthouse } from './web-lighthouse';
import {
  ANALYTICS_GZIP_TARGET_BYTES,
  ANALYTICS_MODULE,
  lazyModuleSize,
  ROUTE_BUDGET_GZIP_BYTES,
  routeSizes,
  SHELL_BUDGET_GZIP_BYTES,
  shellSize,
} from './web-sizes';

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
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const shell = shellSize();
const sizes = routeSizes();
console.log(
  `\nShared shell (entry and its static imports, every page): ${shell.js} bytes = ${kb(shell.js)} gzip, budget ${kb(SHELL_BUDGET_GZIP_BYTES)} [${shell.files.join(', ')}]`,
);
console.log(`What each route adds (its page chunk and its imports), budget ${kb(ROUTE_BUDGET_GZIP_BYTES)}; first load = shell + route`);
console.log('deferred: lazy non-page chunks (API transport, native bridge) fetched after the first render, when first used\n');
console.log(
  [
    'route'.padEnd(28),
    'adds'.padStart(9),
    'headroom'.padStart(9),
    'chunks'.padStart(7),
    'first load'.padStart(11),
    'CSS bytes'.padStart(10),
    'deferred'.padStart(9),
  ].join(' '),
);
for (const size of sizes) {
  const row = [
    size.path.padEnd(28),
    kb(size.ownJs).padStart(9),
    kb(ROUTE_BUDGET_GZIP_BYTES - size.ownJs).padStart(9),
    String(size.ownFiles.length).padStart(7),
    kb(size.js).padStart(11),
    String(size.css).padStart(10),
    kb(size.deferredJs).padStart(9),
  ];
  console.log(row.join(' '));
}
// The analytics module (started 200 ms after the app, in no route's first load) under 4 KB gzip
// (docs/telemetry.md "Start and size").
// A chunk it shares with the API transport (fetched at idle by every page, bench "deferred") is shown apart.
const analytics = lazyModuleSize(ANALYTICS_MODULE, ['src/lib/api-transport.ts']);
const own = analytics.js - analytics.shared;
const vitals = lazyModuleSize('src/features/telemetry/analytics/web-vitals.ts');
console.log(
  `\nanalytics module (records, send queue, page visits, page performance): ${own} bytes = ${kb(own)} gzip, target ${kb(ANALYTICS_GZIP_TARGET_BYTES)}`,
);
console.log(`  + ${kb(analytics.shared)} shared with the API transport (random bytes, base64) = ${kb(analytics.js)} [${analytics.files.join(', ')}]`);
console.log(`web vitals (the web-vitals library, loaded by analytics after start): ${vitals.js} bytes = ${kb(vitals.js)} gzip [${vitals.files.join(', ')}]`);
if (own > ANALYTICS_GZIP_TARGET_BYTES) {
  console.error('analytics module over its size target');
  process.exit(1);
}

// Every route of the table (SPEC §2's and the home page) but the operators' pages under `/ops`, and one
// unknown path (the 404 page), unless BENCH_WEB_ROUTES names others.
const forVisitors = (path: string) => path !== '/ops' && !path.startsWith('/ops/');
const PATHS = chosenPaths.length > 0 ? chosenPaths : [...ROUTES.map((route) => route.path).filter(forVisitors), '/no-such-page'];
const TARGET_INTERACTIVE_MS = 1000;
const TARGET_PERFORMANCE = 95;
const TARGET_LCP_MS = 1500;
const dataDir = mkdtempSync(join(tmpdir(), 'tyd-bench-web-'));
// Download links configured as a deployment has them (/download's buttons redirect to them).
// The server as `npm run serve` runs it: its build, made now from the current sources.
await buildServer();
const server = await startChildServer({
  DATA_DIR: dataDir,
  APP_DOWNLOAD_ANDROID_URL: 'https://dl.example.com/tyd.apk',
  APP_DOWNLOAD_IOS_URL: 'https://apps.apple.com/cn/app/id1',
});
try {
  console.log(
    `\nload average before: ${loadavg()
      .map((load) => load.toFixed(1))
      .join(' ')}`,
  );
  const lab = await runLab(server.baseUrl, PATHS);
  // Where the time goes: the same loads with only the link slowed, then only the processor.
  const networkOnly = await runLab(server.baseUrl, PATHS, 'network-only');
  const cpuOnly = await runLab(server.baseUrl, PATHS, 'cpu-only');
  const lighthouse = await runLighthouse(server.baseUrl, PATHS);
  console.log(
    `load average after: ${loadavg()
      .map((load) => load.toFixed(1))
      .join(' ')}`,
  );
  console.log(
    `\nReal Chromium on the mobile preset (median of 3): first paint, largest paint (the browser's own LCP, once the network is quiet), interactive (the app has hydrated), target <= ${seconds(TARGET_INTERACTIVE_MS)}`,
  );
  console.log(
    "Interactive with only half the preset: 'link' = 150 ms round trip and 1.6 Mbps at full processor speed, 'cpu' = 4x slowdown on an unthrottled link",
  );
  console.log(`Lighthouse 12 (mobile preset, simulated slow 4G), targets: performance >= ${TARGET_PERFORMANCE}, LCP <= ${TARGET_LCP_MS / 1000} s\n`);
  console.log(
    [
      'route'.padEnd(28),
      'paint'.padStart(7),
      'largest'.padStart(7),
      'inter.'.padStart(7),
      'link'.padStart(7),
      'cpu'.padStart(7),
      'perf'.padStart(5),
      'FCP'.padStart(7),
      'LCP'.padStart(7),
      'TBT'.padStart(7),
      'CLS'.padStart(6),
      'transferred'.padStart(12),
      ' targets',
    ].join(' '),
  );
  for (const [index, figures] of lighthouse.entries()) {
    const measured = lab[index]!;
    const met = measured.interactiveMs <= TARGET_INTERACTIVE_MS && figures.performance >= TARGET_PERFORMANCE && figures.lcpMs <= TARGET_LCP_MS;
    const row = [
      (figures.finalPath === figures.path ? figures.path : `${figures.path} -> ${figures.finalPath}`).padEnd(28),
      seconds(measured.firstPaintMs).padStart(7),
      seconds(measured.largestPaintMs).padStart(7),
      seconds(measured.interactiveMs).padStart(7),
      seconds(networkOnly[index]!.interactiveMs).padStart(7),
      seconds(cpuOnly[index]!.interactiveMs).padStart(7),
      String(figures.performance).padStart(5),
      seconds(figures.fcpMs).padStart(7),
      seconds(figures.lcpMs).padStart(7),
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

const over = [
  ...(shell.js > SHELL_BUDGET_GZIP_BYTES ? ['the shell'] : []),
  ...sizes.filter((size) => size.ownJs > ROUTE_BUDGET_GZIP_BYTES).map((size) => size.path),
];
if (over.length > 0) {
  console.error(`\nover budget: ${over.join(', ')}`);
  process.exit(1);
}
