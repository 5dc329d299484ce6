// `npm run migrate`: applies pending migrations to the configured database and exits.
import { parseConfig } from '../config/index.js';
import { connectDatabase } from './connect.js';
import { migrateToLatest } from './migrate.js';

try {
  const handle = connectDatabase(parseConfig(process.env).storage.database);
  try {
    const applied = await migrateToLatest(handle.db);
    console.log(applied.length > 0 ? `applied: ${applied.join(', ')}` : 'database is up to date');
  } finally {
    await handle.close();
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
