// The migrated schema as the database itself describes it (Kysely's introspection for tables and columns,
// the engine's catalog for foreign keys), and which of its tables hold a person's data: a column naming an
// account (its id under any name: user_id, inviter_id, invitee_id, invited_by, redeemed_by, owner…, or a
// subject or target id that may be one), a phone, a person key, or a foreign key to such a table. Read from
// the database, not from schema.ts, so a table a migration adds is seen the day it is added.
import { sql, type Kysely } from 'kysely';
import type { Engine } from '../../src/db/connect.js';
import type { Database } from '../../src/db/schema.js';

export interface TableShape {
  name: string;
  columns: string[];
  /** column → the table its foreign key references. */
  references: Map<string, string>;
}

export async function migratedTables(db: Kysely<Database>, engine: Engine): Promise<TableShape[]> {
  const tables = await db.introspection.getTables();
  const references = new Map<string, Map<string, string>>(tables.map((table) => [table.name, new Map()]));
  if (engine === 'sqlite') {
    for (const table of tables) {
      const { rows } = await sql<{ table: string; from: string }>`select "table", "from" from pragma_foreign_key_list(${table.name})`.execute(db);
      for (const row of rows) references.get(table.name)!.set(row.from, row.table);
    }
  } else {
    const { rows } = await sql<{ table_name: string; column_name: string; referenced: string }>`
      select cl.relname as table_name, a.attname as column_name, ref.relname as referenced
      from pg_constraint c
      join pg_class cl on cl.oid = c.conrelid
      join pg_namespace n on n.oid = cl.relnamespace
      join pg_class ref on ref.oid = c.confrelid
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any (c.conkey)
      where c.contype = 'f' and n.nspname = current_schema()
    `.execute(db);
    for (const row of rows) references.get(row.table_name)?.set(row.column_name, row.referenced);
  }
  return tables.map((table) => ({ name: table.name, columns: table.columns.map((column) => column.name), references: references.get(table.name)! }));
}

/** A column that holds an account's id, whatever the table calls it. */
export const ACCOUNT_COLUMN =
  /^(?:user|owner|inviter|invitee|holder|member|account|customer)(?:_id)?$|_(?:user|owner|account)_id$|^(?:invited|redeemed|claimed|owned|bound)_by$|^(?:subject|target)_id$/;
/** A phone number, its hash, its ciphertext or its masked form. */
export const PHONE_COLUMN = /phone/;
/**
 * A keyed hash that stands for a person (the verified ID number, the phone of a deregistered account).
 * Not `id_hash`: operator_sessions calls its cookie's hash that; identities, which has one, names its account.
 */
export const PERSON_COLUMN = /(?:^|_)person_key$|^subject_hash$/;

/**
 * The tables that hold a person's data, each with why (its first telling column, or the table it
 * references): those matched by name, then every table with a foreign key to one, until none is added.
 */
export function personalTables(tables: readonly TableShape[]): Map<string, string> {
  const found = new Map<string, string>();
  for (const table of tables) {
    const column = table.columns.find((name) => ACCOUNT_COLUMN.test(name) || PHONE_COLUMN.test(name) || PERSON_COLUMN.test(name));
    if (column) found.set(table.name, `column ${column}`);
  }
  for (let added = true; added;) {
    added = false;
    for (const table of tables) {
      if (found.has(table.name)) continue;
      const via = [...table.references].find(([, referenced]) => referenced === 'users' || found.has(referenced));
      if (via) {
        found.set(table.name, `foreign key ${via[0]} → ${via[1]}`);
        added = true;
      }
    }
  }
  return found;
}

/** The columns of `table` that may hold `users.id`: by name, or by a foreign key to users. */
export function accountColumns(table: TableShape): string[] {
  if (table.name === 'users') return ['id'];
  return table.columns.filter((name) => (ACCOUNT_COLUMN.test(name) && !/^(?:subject|target)_id$/.test(name)) || table.references.get(name) === 'users');
}

/**
 * The personal tables that are neither shown nor said why not (what the walking test fails on), and
 * entries that name no table of the schema (a renamed or dropped table left behind).
 */
export function unaccounted(
  tables: readonly TableShape[],
  shown: Readonly<Record<string, unknown>>,
  notShown: Readonly<Record<string, string>>,
): { forgotten: string[]; unknown: string[] } {
  const personal = personalTables(tables);
  const names = new Set(tables.map((table) => table.name));
  return {
    forgotten: [...personal.keys()].filter((name) => !(name in shown) && !(name in notShown)).sort(),
    unknown: [...Object.keys(shown), ...Object.keys(notShown)].filter((name) => !names.has(name)).sort(),
  };
}
