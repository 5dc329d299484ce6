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
console.log(`\nFirst-load size per route (gzip -9), JS budget ${kb(JS_BUDGET_GZIP_BYTES)}\n`);
console.log(`${'route'.padEnd(22)}${'JS bytes'.padStart(10)}${'JS'.padStart(10)}${'CSS bytes'.padStart(11)}${'CSS'.padStart(9)}  headroom`);
for (const size of sizes) {
  console.log(
    `${size.path.padEnd(22)}${String(size.js).padStart(10)}${kb(size.js).padStart(10)}${String(size.css).padStart(11)}${kb(size.css).padStart(9)}  ${kb(JS_BUDGET_GZIP_BYTES - size.js)}`,
  );
}
const over = sizes.filter((size) => size.js > JS_BUDGET_GZIP_BYTES);
if (over.length > 0) {
  console.error(`\nover budget: ${over.map((size) => size.path).join(', ')}`);
  process.exit(1);
}
