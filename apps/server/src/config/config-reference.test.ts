// The configuration's documentation against the configuration itself (config-reference.ts): the README's
// table is the generated one, every variable a section reads is in it once, and the defaults that
// docs/operations.md and docs/api.md state are the schemas' defaults.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { repoPath } from './paths.js';
import { configReference, configVariables, defaultText, renderConfigTable, withConfigTable } from './config-reference.js';

const read = (path: string) => readFileSync(repoPath(path), 'utf8');
const plain = (text: string) => text.replaceAll('`', '').trim();

describe('the configuration reference', () => {
  it('names every variable the sections read, each in one row', () => {
    const { missing, repeated, rows } = configReference();
    expect(missing).toEqual([]);
    expect(repeated).toEqual([]);
    expect(rows.length).toBeGreaterThan(40);
  });

  it('is the README table as `npm run docs:config` writes it', () => {
    const readme = read('README.md');
    expect(readme).toContain(renderConfigTable());
    expect(withConfigTable(readme)).toBe(readme);
  });

  it('gives the schema defaults: a changed default changes the table', () => {
    const port = configVariables().get('PORT')!;
    expect(defaultText(port)).toBe('`8080`');
    expect(defaultText(configVariables().get('DATABASE_URL')!)).toBe('unset');
    expect(renderConfigTable()).toContain('| `PORT` | `8080` | HTTP port |');
  });

  it('agrees with the defaults docs/operations.md states in its table', () => {
    const vars = configVariables();
    const operations = read('docs/operations.md');
    let checked = 0;
    for (const line of operations.split('\n')) {
      const cells = line.split(' | ');
      if (!line.startsWith('| `') || cells.length < 3) continue;
      const names = [...cells[0]!.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((m) => m[1]!).filter((name) => vars.has(name));
      if (names.length === 0) continue;
      const stated = plain(cells[1]!).split(/\s*\/\s*/);
      if (stated.length !== names.length) continue;
      names.forEach((name, i) => {
        const expected = plain(defaultText(vars.get(name)!));
        if (stated[i] === 'generated' || (name === 'COOKIE_SECURE' && stated[i]!.includes('production'))) return;
        expect(`${name}: ${stated[i]}`).toBe(`${name}: ${expected === 'empty' ? stated[i] : expected}`);
        checked += 1;
      });
    }
    expect(checked).toBeGreaterThan(30);
  });

  it('agrees with the defaults docs/api.md states next to a variable ("`NAME` 5", "`NAME` (24")', () => {
    const vars = configVariables();
    let checked = 0;
    for (const match of read('docs/api.md').matchAll(/`([A-Z][A-Z0-9_]+)` \(?(\d[\d,]*)(?!\d)/g)) {
      const schema = vars.get(match[1]!);
      if (!schema) continue;
      expect(`${match[1]}: ${match[2]!.replaceAll(',', '')}`).toBe(`${match[1]}: ${plain(defaultText(schema))}`);
      checked += 1;
    }
    expect(checked).toBeGreaterThan(5);
  });
});
