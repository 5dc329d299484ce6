// The oldest browsers the web app runs in (docs/architecture.md "Browser floor"): what the build writes
// must parse as ES2020, the syntax of Chrome and Android WebView 80 and Safari 13.1 (iOS 13.4). A script
// such a browser cannot parse is not a degraded page but a dead one: its module fails, and with it every
// page that imports it (a regex lookbehind did this to the lucky draw on iOS before 16.4). Web APIs are
// checked by lint (eslint-plugin-compat, eslint.config.js). Deterministic for a given build, so fair in CI.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'acorn';
import { describe, expect, it } from 'vitest';
import { webDist } from '../bench/web-sizes';

const assets = join(webDist, 'assets');
const scripts = readdirSync(assets).filter((file) => file.endsWith('.js'));

function syntaxErrors(ecmaVersion: 2019 | 2020, files: readonly string[], dir = assets): string[] {
  return files.flatMap((file) => {
    try {
      parse(readFileSync(join(dir, file), 'utf8'), { ecmaVersion, sourceType: 'module' });
      return [];
    } catch (error) {
      return [`${file}: ${(error as Error).message}`];
    }
  });
}

describe('browser floor', () => {
  it('every script of the build parses as ES2020', () => {
    expect(scripts.length).toBeGreaterThan(10);
    expect(syntaxErrors(2020, scripts)).toEqual([]);
  });

  it('the check can fail: the build uses ES2020 syntax, which ES2019 does not parse', () => {
    // Optional chaining and nullish coalescing are all through the build; a parser of the year before refuses them.
    expect(syntaxErrors(2019, scripts).length).toBeGreaterThan(0);
  });
});
