// What the deployment checks share (docs/operations.md "Deploying"): the server's build from the current
// sources and the web build (made here when `npm test` has not left one), and one local certificate
// authority for the run. Its certificate is named in NODE_EXTRA_CA_CERTS before the test files' workers
// start, so their fetch (the API client of apps/server/test/support) trusts the topology's nginx the way
// a client trusts a real certificate, with nothing switched off.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildServer } from '../../apps/server/scripts/build-server.js';
import { repoRoot } from '../../apps/server/src/paths.js';
import { localCertificates } from '../topology/local-ca.js';

declare module 'vitest' {
  export interface ProvidedContext {
    certificateFolder: string;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  await buildServer();
  if (!existsSync(join(repoRoot, 'apps/web/dist/.vite/manifest.json'))) {
    const build = spawnSync('npm', ['run', 'build', '-w', '@tyd/web', '--silent'], { cwd: repoRoot, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('web build failed');
  }
  const certificateFolder = mkdtempSync(join(tmpdir(), 'tyd-deploy-ca-'));
  process.env.NODE_EXTRA_CA_CERTS = localCertificates(certificateFolder).caCert;
  project.provide('certificateFolder', certificateFolder);
  return () => rmSync(certificateFolder, { recursive: true, force: true });
}
