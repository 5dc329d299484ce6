/// <reference types="node" />
// Reads the package's own source files (a test of its structure, not of its behaviour): the only test here that needs Node.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { endpoints } from './endpoints/registry.js';
import { API_PATH } from './paths.js';

const here = dirname(fileURLToPath(import.meta.url));

/** Every module `file` imports, transitively (relative imports only), with its import specifiers. */
function importGraph(file: string, seen = new Map<string, string[]>()): Map<string, string[]> {
  if (seen.has(file)) return seen;
  const source = readFileSync(file, 'utf8');
  // `import type` and `export type` are erased from the output (verbatimModuleSyntax): no code comes of them.
  const specifiers = [...source.matchAll(/^(?:import|export)\s(?!type\s)[^;]*?from\s+'([^']+)'/gms)].map((m) => m[1]!);
  seen.set(file, specifiers);
  for (const specifier of specifiers) {
    if (specifier.startsWith('.')) importGraph(join(dirname(file), specifier.replace(/\.js$/, '.ts')), seen);
  }
  return seen;
}

describe('paths and entries', () => {
  it('every endpoint takes its path from the one table', () => {
    const known = new Set<string>(Object.values(API_PATH));
    for (const path of Object.keys(endpoints)) expect(known.has(path), path).toBe(true);
  });

  it('paths are unique', () => {
    const values = Object.values(API_PATH);
    expect(new Set(values).size).toBe(values.length);
  });

  it('the wire entry pulls in no zod, so a page importing it carries no schema code', () => {
    const graph = importGraph(join(here, 'wire.ts'));
    expect(graph.size).toBeGreaterThan(5);
    const zodImports = [...graph].filter(([, specifiers]) => specifiers.some((s) => s.startsWith('zod')));
    expect(zodImports.map(([file]) => file)).toEqual([]);
    // The endpoint refs are part of it; they reach the schema modules through type-only imports alone.
    expect(graph.has(join(here, 'endpoint-refs.ts'))).toBe(true);
    expect(graph.has(join(here, 'endpoints/user/check-login.ts'))).toBe(false);
  });

  it('the schemas entry does carry the schemas (the check above can see zod)', () => {
    const graph = importGraph(join(here, 'schemas.ts'));
    expect([...graph.values()].some((specifiers) => specifiers.some((s) => s.startsWith('zod')))).toBe(true);
  });
});
