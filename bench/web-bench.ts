// `npm run bench:web`: builds the web app and prints the shared shell's and each route's own first-load JS
// in gzip bytes (bench/web-sizes.ts) against the budgets of e2e/bundle-budget.spec.ts; then starts the
// real server and measures every route: in real Chromium on Lighthouse's mobile preset (bench/web-lab.ts:
// a first visit with an empty cache and a repeat visit with the cache it left, medians of BENCH_WEB_RUNS
// runs, 3 by default; interactive again with only the preset's link and with only its processor slowdown,
// which says where a route's time goes) and with Lighthouse (bench/web-lighthouse.ts), against the
// delivery targets (docs/architecture.md "Delivery"): a first visit interactive within 1.2 s and its
// largest paint (the browser's own) within 1.0 s, a repeat visit interactive within 0.8 s, Lighthouse
// performance at least 95. Lighthouse's own LCP is printed, not a target: it is simulated, and where it
// disagrees with the browser's the person's figure is the browser's.
//
// BENCH_WEB_BASELINE names another web build (a `dist` folder, e.g. one built from an earlier commit in a
// `git worktree`), served by a second server of the same build of the server: the lab then measures both
// in the same sitting, alternating (bench/web-lab.ts), and prints them side by side with the median of the
// paired differences, so the cost of a change is measured rather than remembered. BENCH_WEB_ROUTES (paths
// separated by spaces or commas, e.g. "/ /login") measures those paths only: a full run takes minutes,
// and a comparison wants the same few routes at the same load. The raw runs are written to a JSON file
// in the system's temporary folder, named at the end.
//
// BENCH_WEB_SERVED=topology measures the same build as production serves it beside the plain server: the
// second target is then the topology of deploy/topology (nginx, TLS, HTTP/2, two processes on PostgreSQL
// and Redis; docs/operations.md "One machine, the whole topology") instead of a baseline build, paired run
// by run with one process over plain HTTP/1.1 (bench/README.md "Delivery as served").
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ROUTES } from '../apps/web/src/app/route-table';
import { buildServer } from '../apps/server/scripts/build-server.js';
import { startChildServer } from '../apps/server/test/support/child-server.js';
import { startTopology } from '../deploy/topology/topology.js';
import { median, runLab, type LabFigures, type LabTarget } from './web-lab';
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
const baselineDist = process.env.BENCH_WEB_BASELINE ? resolve(process.env.BENCH_WEB_BASELINE) : undefined;
if (baselineDist && !existsSync(resolve(baselineDist, '.vite/manifest.json'))) {
  console.error(`BENCH_WEB_BASELINE is not a web build (no .vite/manifest.json): ${baselineDist}`);
  process.exit(1);
}
const servedThroughTopology = process.env.BENCH_WEB_SERVED === 'topology';
if (servedThroughTopology && baselineDist) {
  console.error('BENCH_WEB_SERVED=topology and BENCH_WEB_BASELINE each take the second target: give one');
  process.exit(1);
}
const runs = Number(process.env.BENCH_WEB_RUNS ?? '3');
if (!Number.isInteger(runs) || runs < 1) {
  console.error(`BENCH_WEB_RUNS takes a whole number of runs, at least 1: ${process.env.BENCH_WEB_RUNS}`);
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
const TARGET_FIRST_INTERACTIVE_MS = 1200;
const TARGET_LARGEST_PAINT_MS = 1000;
const TARGET_REPEAT_INTERACTIVE_MS = 800;
const TARGET_PERFORMANCE = 95;
const dataDir = mkdtempSync(join(tmpdir(), 'tyd-bench-web-'));
const baselineDataDir = mkdtempSync(join(tmpdir(), 'tyd-bench-web-baseline-'));
// Download links configured as a deployment has them (/download's buttons redirect to them).
const SERVER_ENV = { APP_DOWNLOAD_ANDROID_URL: 'https://dl.example.com/tyd.apk', APP_DOWNLOAD_IOS_URL: 'https://apps.apple.com/cn/app/id1' };
// The server as `npm run serve` runs it: its build, made now from the current sources.
await buildServer();
const server = await startChildServer({ DATA_DIR: dataDir, ...SERVER_ENV });
const baseline = baselineDist ? await startChildServer({ DATA_DIR: baselineDataDir, WEB_DIST: baselineDist, ...SERVER_ENV }) : undefined;
const topology = servedThroughTopology ? await startTopology({ certificateFolder: join(baselineDataDir, 'certificates'), env: SERVER_ENV }) : undefined;
/** Chromium trusts the topology's local authority by its key, as a person's browser trusts a real one. */
const labArgs = topology ? [`--ignore-certificate-errors-spki-list=${topology.certificates.caSpki}`] : [];
const loads = () =>
  loadavg()
    .map((load) => load.toFixed(1))
    .join(' ');
const ms = (value: number) => (Number.isNaN(value) ? '–' : seconds(value));
const signedMs = (value: number) => `${value >= 0 ? '+' : '−'}${Math.abs(Math.round(value))} ms`;
try {
  console.log(`\nload average before: ${loads()}`);
  const second = baseline ? [{ label: 'baseline', baseUrl: baseline.baseUrl }] : topology ? [{ label: 'HTTPS + HTTP/2 (nginx)', baseUrl: topology.url }] : [];
  const targets: LabTarget[] = [{ label: topology ? 'HTTP/1.1' : 'this build', baseUrl: server.baseUrl }, ...second];
  if (topology) console.log(`second target: the same build through the topology, ${topology.url} (the paired differences are HTTP/1.1 − HTTP/2)`);
  const [lab, baselineLab] = await runLab(targets, PATHS, 'phone', runs, labArgs);
  // Where the time goes: the same loads with only the link slowed, then only the processor (this build).
  const [networkOnly] = await runLab(targets.slice(0, 1), PATHS, 'network-only', runs);
  const [cpuOnly] = await runLab(targets.slice(0, 1), PATHS, 'cpu-only', runs);
  const lighthouse = await runLighthouse(server.baseUrl, PATHS);
  console.log(`load average after: ${loads()}`);
  const started = new Date().toISOString().replace(/[:.]/g, '-');
  const rawFile = join(tmpdir(), `tyd-bench-web-${started}.json`);
  writeFileSync(rawFile, `${JSON.stringify({ runs, lab, baselineLab, networkOnly, cpuOnly, lighthouse }, null, 2)}\n`);

  console.log(
    `\nReal Chromium on the mobile preset (median of ${runs}): a first visit (empty cache): first paint, largest paint (the browser's own LCP, once the network is quiet, target <= ${seconds(TARGET_LARGEST_PAINT_MS)}), interactive (the app has hydrated, target <= ${seconds(TARGET_FIRST_INTERACTIVE_MS)}); a repeat visit (the cache the first left): interactive (target <= ${seconds(TARGET_REPEAT_INTERACTIVE_MS)})`,
  );
  console.log(
    "Interactive on a first visit with only half the preset: 'link' = 150 ms round trip and 1.6 Mbps at full processor speed, 'cpu' = 4x slowdown on an unthrottled link",
  );
  console.log(`Lighthouse 12 (mobile preset, simulated slow 4G), target: performance >= ${TARGET_PERFORMANCE}; its simulated LCP is shown, not a target\n`);
  console.log(
    [
      'route'.padEnd(28),
      'paint'.padStart(7),
      'largest'.padStart(7),
      'inter.'.padStart(7),
      'repeat'.padStart(7),
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
  const missed: string[] = [];
  for (const [index, figures] of lighthouse.entries()) {
    const measured = lab![index]!;
    const misses = [
      ...(measured.first.interactiveMs > TARGET_FIRST_INTERACTIVE_MS ? ['interactive'] : []),
      ...(measured.first.largestPaintMs > TARGET_LARGEST_PAINT_MS ? ['largest paint'] : []),
      ...(measured.repeat.interactiveMs > TARGET_REPEAT_INTERACTIVE_MS ? ['repeat'] : []),
      ...(figures.performance < TARGET_PERFORMANCE ? ['performance'] : []),
    ];
    if (misses.length > 0) missed.push(`${figures.path} (${misses.join(', ')})`);
    const row = [
      (figures.finalPath === figures.path ? figures.path : `${figures.path} -> ${figures.finalPath}`).padEnd(28),
      ms(measured.first.firstPaintMs).padStart(7),
      ms(measured.first.largestPaintMs).padStart(7),
      ms(measured.first.interactiveMs).padStart(7),
      ms(measured.repeat.interactiveMs).padStart(7),
      ms(networkOnly![index]!.first.interactiveMs).padStart(7),
      ms(cpuOnly![index]!.first.interactiveMs).padStart(7),
      String(figures.performance).padStart(5),
      seconds(figures.fcpMs).padStart(7),
      seconds(figures.lcpMs).padStart(7),
      `${Math.round(figures.tbtMs)} ms`.padStart(7),
      figures.cls.toFixed(3).padStart(6),
      kb(figures.transferredBytes).padStart(12),
      misses.length === 0 ? ' met' : ` MISSED: ${misses.join(', ')}`,
    ];
    console.log(row.join(' '));
  }
  if (baselineLab) printPaired(lab!, baselineLab);
  console.log(`\n${missed.length === 0 ? 'every route met every target' : `missed: ${missed.join('; ')}`}`);
  console.log(`raw runs: ${rawFile}`);
} finally {
  await Promise.all([server.stop(), baseline?.stop(), topology?.stop()]);
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(baselineDataDir, { recursive: true, force: true });
}

/**
 * This build beside the baseline, route by route: each one's median, and the median of the differences of
 * the pairs (one run of each, measured back to back), which a slow patch of the machine moves less than a
 * difference of medians.
 */
function printPaired(own: LabFigures[], base: LabFigures[]) {
  const against = topology
    ? `served over HTTP/1.1 (this) against through nginx over HTTPS and HTTP/2 (base, ${topology.url})`
    : `this build against the baseline (${baselineDist})`;
  console.log(`\n${against}, measured in the same sitting, alternating; Δ = median of the paired differences`);
  console.log(
    ['route'.padEnd(28), ...['first: interactive', 'first: largest paint', 'repeat: interactive'].map((name) => `${name.padEnd(12)}`.padStart(29))].join(' '),
  );
  console.log([''.padEnd(28), ...Array.from({ length: 3 }, () => `${'base'.padStart(7)} ${'this'.padStart(7)} ${'Δ'.padStart(12)}`)].join(' '));
  const pick: ((visit: { first: LabFigures['first']; repeat: LabFigures['repeat'] }) => number)[] = [
    (v) => v.first.interactiveMs,
    (v) => v.first.largestPaintMs,
    (v) => v.repeat.interactiveMs,
  ];
  for (const [index, figures] of own.entries()) {
    const baseFigures = base[index]!;
    const cells = pick.map((of) => {
      const differences = figures.runs.map((run, i) => of(run) - of(baseFigures.runs[i]!));
      return `${ms(median(baseFigures.runs.map(of))).padStart(7)} ${ms(median(figures.runs.map(of))).padStart(7)} ${signedMs(median(differences)).padStart(12)}`;
    });
    console.log([figures.path.padEnd(28), ...cells].join(' '));
  }
}

const over = [
  ...(shell.js > SHELL_BUDGET_GZIP_BYTES ? ['the shell'] : []),
  ...sizes.filter((size) => size.ownJs > ROUTE_BUDGET_GZIP_BYTES).map((size) => size.path),
];
if (over.length > 0) {
  console.error(`\nover budget: ${over.join(', ')}`);
  process.exit(1);
}
