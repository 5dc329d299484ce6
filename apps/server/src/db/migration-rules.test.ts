// Expand, then contract (docs/operations.md "Migrations that never break the running version"), read from
// the migrations' sources: from EXPAND_CONTRACT_SINCE on, a migration's `up` only adds (tables, nullable
// columns or columns with a default, indexes), because the previous release still runs against it during a
// rolling upgrade and after a rollback. Removing or renaming is a contract step, in a later release than the
// one that stopped using the thing, and says so in a `// Contract:` line naming that release.
// deploy/test/previous-release.test.ts runs the previous release itself against the new schema.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** Migrations dated before this were written before the rule (each release then stopped every process first). */
const EXPAND_CONTRACT_SINCE = '2026-12-08';

const dir = join(import.meta.dirname, 'migrations');
const ruled = readdirSync(dir)
  .filter((file) => file.endsWith('.ts') && file >= EXPAND_CONTRACT_SINCE)
  .sort();

/** What an `up` may not do without a contract line: what the previous release's queries would break on. */
const BREAKING: Array<[RegExp, string]> = [
  [/\.dropTable\(/, 'drops a table'],
  [/\.dropColumn\(/, 'drops a column'],
  [/\.renameColumn\(|\.renameTo\(/, 'renames a column or table'],
  [/\.alterColumn\(/, 'alters a column (type, NOT NULL)'],
  [/\bdrop\s+(table|column)\b|\brename\s+(to|column)\b/i, 'drops or renames in SQL'],
];

/** Findings in one migration's source: its `up` only, from the line after `export async function up` to `down`. */
function expandContractFindings(source: string): string[] {
  const up = /export async function up[\s\S]*?(?=export async function down|$)/.exec(source)?.[0] ?? '';
  const code = up.replace(/\/\/.*$/gm, '').replace(/\/\*[\s\S]*?\*\//g, '');
  const contract = /^\/\/ Contract: .*\S/m.test(source);
  const findings = contract ? [] : BREAKING.filter(([pattern]) => pattern.test(code)).map(([, what]) => what);
  // A NOT NULL column added to an existing table without a default: the previous release's inserts lack it.
  for (const column of code.matchAll(/\.alterTable\([\s\S]*?\.execute\(\)/g)) {
    for (const added of column[0].split('.addColumn(').slice(1)) {
      if (/notNull\(\)/.test(added) && !/defaultTo\(/.test(added)) findings.push(`adds a NOT NULL column without a default: ${added.split(',')[0]}`);
    }
  }
  return findings;
}

describe('migrations from the expand/contract rule on', () => {
  it.each(ruled.map((file) => [file]))('%s only expands the schema', (file) => {
    expect(expandContractFindings(readFileSync(join(dir, file), 'utf8'))).toEqual([]);
  });

  it('finds what would break the previous release, unless a contract line says why it cannot', () => {
    const migration = (up: string) =>
      `export async function up(db) {\n${up}\n}\nexport async function down(db) {\n  await db.schema.dropTable('t').execute();\n}\n`;
    expect(expandContractFindings(migration("  await db.schema.createTable('t').addColumn('a', 'text').execute();"))).toEqual([]);
    expect(expandContractFindings(migration("  await db.schema.alterTable('users').addColumn('nick', 'text').execute();"))).toEqual([]);
    expect(
      expandContractFindings(migration("  await db.schema.alterTable('users').addColumn('n', 'int', (c) => c.notNull().defaultTo(0)).execute();")),
    ).toEqual([]);
    expect(expandContractFindings(migration("  await db.schema.alterTable('users').addColumn('n', 'int', (c) => c.notNull()).execute();"))).toEqual([
      "adds a NOT NULL column without a default: 'n'",
    ]);
    expect(expandContractFindings(migration("  await db.schema.alterTable('users').dropColumn('phone').execute();"))).toEqual(['drops a column']);
    expect(expandContractFindings(migration("  await db.schema.alterTable('users').renameColumn('a', 'b').execute();"))).toEqual(['renames a column or table']);
    expect(expandContractFindings(migration('  await sql`alter table users drop column phone`.execute(db);'))).toEqual(['drops or renames in SQL']);
    expect(
      expandContractFindings(
        `// Contract: users.phone unused since 2026-12-20-0900-phone-moved's release\n${migration("  await db.schema.alterTable('users').dropColumn('phone').execute();")}`,
      ),
    ).toEqual([]);
  });
});
