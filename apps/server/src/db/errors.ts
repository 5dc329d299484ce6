// Database errors the repositories' callers act on, the same on both engines (docs/architecture.md: SQLite
// through better-sqlite3, PostgreSQL through pg).

/**
 * A unique index refused the write: PostgreSQL's 23505 unique_violation (PostgreSQL manual, Appendix A
 * "Error Codes"), which a primary key's refusal is too; SQLite names the two apart (SQLITE_CONSTRAINT_UNIQUE,
 * SQLITE_CONSTRAINT_PRIMARYKEY: sqlite.org/rescode.html), so both count, and the engines answer alike.
 */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === '23505';
}
