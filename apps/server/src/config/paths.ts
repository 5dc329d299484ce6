// Relative paths in the configuration are relative to the repository root, wherever the server starts.
import { isAbsolute, resolve } from 'node:path';
import { repoRoot } from '../paths.js';

export const repoPath = (p: string): string => (isAbsolute(p) ? p : resolve(repoRoot, p));
