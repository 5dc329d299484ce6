// The production topology on one machine (docs/operations.md "One machine, the whole topology"): nginx
// with the shipped configuration (deploy/nginx), TLS from a local certificate authority, HTTP/2, in front
// of server processes started from the build on one PostgreSQL database and one Redis key prefix of their
// own, with one set of secrets (docs/operations.md "Running more than one process"). For a person trying
// it (`npm run topology`), the deployment tests and the benches; what it made is removed by stop().
import { randomBytes } from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { generateAppSecret, generateServerKeyPair } from '@tyd/protocol';
import { Redis } from 'ioredis';
import pg from 'pg';
import { freePort } from '../../apps/server/test/support/child-server.js';
import { SECRET_ENV } from '../../apps/server/src/config/index.js';
import { localCertificates, type LocalCertificates } from './local-ca.js';
import { writeNginxConfig } from './nginx-config.js';
import { startServerProcess, type ServerProcess } from './server-process.js';

export const NGINX = '/usr/sbin/nginx';

export interface TopologyOptions {
  /** Where the local certificate authority and the server certificate are kept (made when missing). */
  certificateFolder: string;
  /** 0 (the default): a free port. */
  httpsPort?: number;
  httpPort?: number;
  processes?: number;
  /** Settings of every server process over the topology's own. */
  env?: Record<string, string>;
  /** Lines of nginx's tyd-ops-access.conf instead of the shipped ones. */
  opsAccess?: string[];
  postgresUrl?: string;
  redisUrl?: string;
}

export interface Topology {
  /** https://localhost:<port>, through nginx. */
  url: string;
  certificates: LocalCertificates;
  /** The processes behind nginx, in upstream order; restart() replaces an entry. */
  servers: ServerProcess[];
  /** The environment every process runs with (secrets included), e.g. for an admin command on the same data. */
  serverEnv: Record<string, string>;
  /** nginx's access and error logs so far. */
  nginxLog(): string;
  /** SIGTERM to process `index`, wait for its graceful exit, start it again on its port, wait until ready. */
  restart(index: number): Promise<{ exitCode: number | null }>;
  stop(): Promise<void>;
}

/** One set of secrets for every process, as a deployment's environment file holds them. */
async function sharedSecrets(): Promise<Record<string, string>> {
  const secret32 = () => randomBytes(32).toString('base64url');
  return {
    [SECRET_ENV.serverKeys]: JSON.stringify([{ kid: 'ktopology', ...(await generateServerKeyPair()) }]),
    [SECRET_ENV.web]: generateAppSecret(),
    [SECRET_ENV.ios]: generateAppSecret(),
    [SECRET_ENV.android]: generateAppSecret(),
    [SECRET_ENV.cookieSecret]: secret32(),
    [SECRET_ENV.phoneHashKey]: secret32(),
    [SECRET_ENV.dataKey]: secret32(),
  };
}

/** The status of a GET over HTTPS trusting only `ca` (Node's fetch takes no CA of its own), or 0 when none came. */
export function httpsStatus(url: string, ca: string): Promise<number> {
  return new Promise((done) => {
    const req = request(url, { ca: readFileSync(ca), timeout: 5_000 }, (res) => {
      res.resume();
      res.on('end', () => done(res.statusCode ?? 0));
    });
    req.on('error', () => done(0));
    req.on('timeout', () => req.destroy());
    req.end();
  });
}

export async function startTopology(options: TopologyOptions): Promise<Topology> {
  const cleanups: Array<() => Promise<void> | void> = [];
  const cleanUp = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  };
  try {
    const certificates = localCertificates(options.certificateFolder);
    const prefix = mkdtempSync(join(tmpdir(), 'tyd-topology-'));
    // nginx's workers drop to `nobody` when it is started as root: they must reach their temporary folders.
    chmodSync(prefix, 0o755);
    cleanups.push(() => rmSync(prefix, { recursive: true, force: true }));

    const postgresUrl = options.postgresUrl ?? process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432';
    const database = `tyd_topology_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: `${postgresUrl}/postgres` });
    await admin.connect();
    await admin.query(`create database ${database}`);
    await admin.end();
    cleanups.push(async () => {
      const client = new pg.Client({ connectionString: `${postgresUrl}/postgres` });
      await client.connect();
      await client.query(`drop database if exists ${database} with (force)`);
      await client.end();
    });
    const redisUrl = options.redisUrl ?? process.env.REDIS_TEST_URL ?? 'redis://127.0.0.1:6379';
    const redisPrefix = `tyd-topology-${randomBytes(6).toString('hex')}:`;
    cleanups.push(async () => {
      const redis = new Redis(redisUrl);
      const keys = await redis.keys(`${redisPrefix}*`);
      if (keys.length > 0) await redis.del(...keys);
      await redis.quit();
    });

    const serverEnv: Record<string, string> = {
      // Sandbox SMS and verification providers, so a person can sign in: production refuses them.
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      DATABASE_URL: `${postgresUrl}/${database}`,
      REDIS_URL: redisUrl,
      REDIS_KEY_PREFIX: redisPrefix,
      TRUST_PROXY: 'loopback',
      COOKIE_SECURE: 'true',
      ...(await sharedSecrets()),
      ...options.env,
    };
    const count = options.processes ?? 2;
    const ports = await Promise.all(Array.from({ length: count }, () => freePort()));
    const dataDir = (port: number) => join(prefix, `data-${port}`);
    const start = (port: number) => startServerProcess(port, { ...serverEnv, DATA_DIR: dataDir(port) });
    // The first process runs the migrations before it listens; the others then find the schema in place.
    const servers = [await start(ports[0]!)];
    cleanups.push(() => Promise.all(servers.map((server) => server.stop())).then(() => undefined));
    servers.push(...(await Promise.all(ports.slice(1).map(start))));

    const httpsPort = options.httpsPort || (await freePort());
    const httpPort = options.httpPort || (await freePort());
    const conf = writeNginxConfig({ prefix, httpsPort, httpPort, serverPorts: ports, certificates, opsAccess: options.opsAccess });
    const nginx: ChildProcess = spawn(NGINX, ['-p', prefix, '-c', conf, '-e', join(prefix, 'error.log')], { stdio: ['ignore', 'pipe', 'pipe'] });
    let nginxOutput = '';
    nginx.stdout?.on('data', (chunk: Buffer) => (nginxOutput += chunk.toString()));
    nginx.stderr?.on('data', (chunk: Buffer) => (nginxOutput += chunk.toString()));
    const nginxExited = new Promise<void>((done) => nginx.once('exit', () => done()));
    cleanups.push(async () => {
      // SIGQUIT: nginx's graceful stop, the requests in flight finished.
      if (nginx.exitCode === null) nginx.kill('SIGQUIT');
      await nginxExited;
    });
    const nginxLog = () => {
      const read = (name: string) => {
        try {
          return readFileSync(join(prefix, name), 'utf8');
        } catch {
          return '';
        }
      };
      return `${nginxOutput}${read('error.log')}${read('access.log')}`;
    };

    const url = `https://localhost:${httpsPort}`;
    const deadline = Date.now() + 20_000;
    while ((await httpsStatus(`${url}/readyz`, certificates.caCert)) !== 200) {
      if (nginx.exitCode !== null || Date.now() > deadline) throw new Error(`nginx did not answer /readyz:\n${nginxLog()}`);
      await sleep(100);
    }

    return {
      url,
      certificates,
      servers,
      serverEnv,
      nginxLog,
      async restart(index) {
        const server = servers[index];
        if (!server) throw new Error(`no process ${index}`);
        const exitCode = await server.stop();
        servers[index] = await start(server.port);
        return { exitCode };
      },
      stop: cleanUp,
    };
  } catch (error) {
    await cleanUp();
    throw error;
  }
}
