// `npm run topology`: the web app and the server built, then the production topology on this machine
// (docs/operations.md "One machine, the whole topology"): nginx on https://localhost:8443 (TOPOLOGY_PORT)
// in front of two server processes on PostgreSQL and Redis, until Ctrl-C. The certificate authority stays
// in var/topology/ (never committed) so that it is trusted once.
import { repoPath } from '../../apps/server/src/config/paths.js';
import { startTopology } from './topology.js';

/** Numbers a person signs in with: the sandbox SMS answers each with this code, whichever process sends it. */
const DEMO_PHONES = Array.from({ length: 10 }, (_, i) => `1380000000${i}`);
const DEMO_CODE = '246810';

const topology = await startTopology({
  certificateFolder: repoPath('var/topology/certificates'),
  httpsPort: Number(process.env.TOPOLOGY_PORT ?? 8443),
  httpPort: Number(process.env.TOPOLOGY_HTTP_PORT ?? 8480),
  env: { SMS_SANDBOX_FIXED_CODES: DEMO_PHONES.map((phone) => `${phone}=${DEMO_CODE}`).join(','), SMS_COOLDOWN_SECONDS: '10' },
});
const { url, certificates, servers } = topology;
console.log(`
The topology is up: ${url}
  nginx (TLS, HTTP/2) → ${servers.map((s) => `127.0.0.1:${s.port}`).join(', ')} on PostgreSQL and Redis (a database and key prefix of this run, removed at the end)
  sign in with 13800000000 … 13800000009, SMS code ${DEMO_CODE}
Trust its certificate authority, ${certificates.caCert}:
  Chromium:  chromium --ignore-certificate-errors-spki-list=${certificates.caSpki} ${url}
  curl:      curl --cacert ${certificates.caCert} ${url}/readyz
  Debian:    cp ${certificates.caCert} /usr/local/share/ca-certificates/tyd-topology.crt && update-ca-certificates
Ctrl-C stops everything.`);

// Ctrl-C in a terminal reaches nginx and the processes too (one process group): each begins its own
// graceful stop, and stop() waits for them and removes the database, the keys and the folder.
let stopping = false;
const stop = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal}: stopping nginx and the processes…`);
  await topology.stop();
  process.exit(0);
};
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
