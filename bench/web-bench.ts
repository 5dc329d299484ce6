// `npm run bench:web`: builds the web app and prints each route's first-load JS and CSS in gzip
// bytes (bench/web-sizes.ts), against the 80 KB JS budget of issue 4.
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { ANALYTICS_GZIP_TARGET_BYTES, ANALYTICS_MODULE, JS_BUDGET_GZIP_BYTES, lazyModuleSize, routeSizes } from './web-sizes';

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
// Issue 6: the analytics module (started 200 ms after the app, in no route's first load) under 4 KB gzip.
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

const over = sizes.filter((size) => size.js > JS_BUDGET_GZIP_BYTES);
if (over.length > 0) {
  console.error(`\nover budget: ${over.map((size) => size.path).join(', ')}`);
  process.exit(1);
}
