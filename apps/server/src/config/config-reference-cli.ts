// `npm run docs:config`: writes the README's configuration table from the configuration sections
// (config-reference.ts); config-reference.test.ts fails when the README is not what this writes.
import { readFileSync, writeFileSync } from 'node:fs';
import { repoPath } from './paths.js';
import { withConfigTable } from './config-reference.js';

const path = repoPath('README.md');
const before = readFileSync(path, 'utf8');
const after = withConfigTable(before);
if (after !== before) writeFileSync(path, after);
console.log(after === before ? 'README.md: the configuration table is up to date' : 'README.md: configuration table written');
