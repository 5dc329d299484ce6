// The oldest browsers the web app runs in (docs/architecture.md "Browser floor"): what the build writes
// must parse as ES2020, the syntax of Chrome and Android WebView 80 and Safari 13.1 (iOS 13.4), without
// the two parts of it those Safaris lack: a regular expression with lookbehind (Safari 16.4) and BigInt
// literals (Safari 14). A script such a browser cannot parse is not a degraded page but a dead one: its
// module fails, and with it every page that imports it (a lookbehind did this to the lucky draw on iOS
// before 16.4). Web APIs are checked by lint (eslint-plugin-compat, eslint.config.js) and by the web app's
// TypeScript library (ES2020). Deterministic for a given build, so fair in CI.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, type Token } from 'acorn';
import { describe, expect, it } from 'vitest';
import { webDist } from '../bench/web-sizes';

const assets = join(webDist, 'assets');
const scripts = readdirSync(assets).filter((file) => file.endsWith('.js'));

/** What the floor's browsers could not parse in `source`, as messages; empty when nothing. */
function floorProblems(source: string, ecmaVersion: 2019 | 2020 = 2020): string[] {
  const problems: string[] = [];
  try {
    parse(source, {
      ecmaVersion,
      sourceType: 'module',
      onToken(token) {
        // Acorn sets a token's value (a regexp's pattern and flags, a number's value) without typing it.
        const { value } = token as Token & { value?: unknown };
        if (token.type.label === 'regexp' && /\(\?<[=!]/.test((value as { pattern: string }).pattern)) problems.push(`lookbehind at ${token.start}`);
        if (typeof value === 'bigint') problems.push(`BigInt literal at ${token.start}`);
      },
    });
  } catch (error) {
    problems.push((error as Error).message);
  }
  return problems;
}

describe('browser floor', () => {
  it('every script of the build parses as ES2020, without lookbehind or BigInt literals', () => {
    expect(scripts.length).toBeGreaterThan(10);
    expect(scripts.flatMap((file) => floorProblems(readFileSync(join(assets, file), 'utf8')).map((problem) => `${file}: ${problem}`))).toEqual([]);
  });

  it('the check can fail: on a lookbehind, a BigInt literal, and on the build read as ES2019', () => {
    expect(floorProblems('export const words = (name) => name.split(/(?<=\\d)(?=\\D)/);')).toEqual(['lookbehind at 42']);
    expect(floorProblems('export const big = 10n;')).toEqual(['BigInt literal at 19']);
    expect(floorProblems('export const ok = (a) => a?.b ?? /(?=x)/;')).toEqual([]);
    // Optional chaining and nullish coalescing are all through the build; a parser of the year before refuses them.
    expect(scripts.filter((file) => floorProblems(readFileSync(join(assets, file), 'utf8'), 2019).length > 0).length).toBeGreaterThan(0);
  });
});
