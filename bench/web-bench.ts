// `npm run bench:web`: builds the web app and prints each route's first-load JS and CSS in gzip
// bytes (bench/web-sizes.ts), against the 80 KB JS budget of issue 4.
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { JS_BUDGET_GZIP_BYTES, routeSizes } from './web-sizes';

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
const over = sizes.filter((size) => size.js > JS_BUDGET_GZIP_BYTES);
if (over.length > 0) {
  console.error(`\nover budget: ${over.map((size) => size.path).join(', ')}`);
  process.exit(1);
}
