import { resolve } from 'node:path';

/** The repository root: defaults (DATA_DIR, WEB_DIST) are relative to it, whatever the working directory. */
export const repoRoot = resolve(import.meta.dirname, '../../..');
