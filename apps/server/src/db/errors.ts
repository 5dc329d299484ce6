// Database errors the repositories' callers act on, the same on both engines (docs/architecture.md: SQLite
// through better-sqlite3, PostgreSQL through pg).

/**
 * A unique index refused the write: better-sqlite3's SQLITE_CONSTRAINT_UNIQUE, PostgreSQL's 23505
 * unique_violation (PostgreSQL manual, Appendix A "Error Codes").
 */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505';
}
