// The container image (docs/operations.md "Container image"): deploy/Containerfile built with buildah on a
// base made here (deploy/image/make-local-base.sh: no registry image can be pulled on these machines), then
// the server started from the built image's filesystem exactly as its configuration says (user, working
// directory, environment, command), with the root filesystem read-only and DATA_DIR a directory of its own,
// in production mode; it answers /readyz, and the image's HEALTHCHECK passes. The slowest deployment check:
// buildah keeps the build's layers and the base, TYD_DEPLOY_CACHE the downloads (see the docs for timings).
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { generateServerKeyPair } from '@tyd/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../apps/server/src/paths.js';
import { freePort } from '../../apps/server/test/support/child-server.js';

const run = promisify(execFile);
const IMAGE = 'localhost/tyd-h5:deploy-test';
const big = { maxBuffer: 256 * 1024 * 1024 };

/** The parts of the image's configuration (Docker format) the test reads. */
interface ImageConfig {
  User: string;
  Env: string[];
  Cmd: string[];
  WorkingDir: string;
  Volumes: Record<string, unknown> | null;
  Healthcheck?: { Test: string[] };
}

const secret = () => randomBytes(32).toString('base64url');

/** Every production setting the start refuses without: secrets, and real (unreachable here) providers. */
async function productionEnv(port: number): Promise<Record<string, string>> {
  // The vendor's credentials are letters and digits.
  const credential = () => randomBytes(16).toString('hex');
  const provider = (prefix: string) => ({
    [`${prefix}_PROVIDER`]: 'http',
    [`${prefix}_HTTP_SECRET_ID`]: credential(),
    [`${prefix}_HTTP_SECRET_KEY`]: credential(),
  });
  return {
    HOST: '127.0.0.1',
    PORT: String(port),
    TYD_SERVER_KEYS: JSON.stringify([{ kid: 'k1', ...(await generateServerKeyPair()) }]),
    TYD_APP_SECRET_WEB: secret(),
    TYD_APP_SECRET_IOS: secret(),
    TYD_APP_SECRET_ANDROID: secret(),
    TYD_COOKIE_SECRET: secret(),
    TYD_PHONE_HASH_KEY: secret(),
    TYD_DATA_KEY: secret(),
    SMS_PROVIDER: 'http',
    SMS_HTTP_URL: 'https://sms.invalid/send',
    SMS_HTTP_TEMPLATE_ID: 'deploy-test',
    ...provider('OCR'),
    ...provider('FACE'),
    ...provider('BANKCARD'),
    FACE_HTTP_RULE_ID: '1',
    FACE_RETURN_URL: 'https://tyd.example/identity/face-return',
  };
}

describe('the container image', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'tyd-deploy-image-'));
  let config: ImageConfig;
  let container = '';
  let rootfs = '';
  let server: ChildProcess | undefined;
  let output = '';

  beforeAll(async () => {
    const started = Date.now();
    const base = (await run(join(repoRoot, 'deploy/image/make-local-base.sh'), [], big)).stdout.trim();
    const baseMs = Date.now() - started;
    await run(
      'buildah',
      ['bud', '--isolation', 'chroot', '--format', 'docker', '--layers', '--build-arg', `BASE=${base}`, '-f', 'deploy/Containerfile', '-t', IMAGE, '.'],
      {
        cwd: repoRoot,
        ...big,
      },
    );
    process.stderr.write(`container image: base ${(baseMs / 1000).toFixed(1)} s, build ${((Date.now() - started - baseMs) / 1000).toFixed(1)} s\n`);
    const inspected = JSON.parse((await run('buildah', ['inspect', '--type', 'image', IMAGE], big)).stdout) as { Docker: { config: ImageConfig } };
    config = inspected.Docker.config;
    container = (await run('buildah', ['from', '--pull=never', IMAGE])).stdout.trim();
    rootfs = (await run('buildah', ['mount', container])).stdout.trim();
  });

  afterAll(async () => {
    server?.kill('SIGKILL');
    if (container) await run('buildah', ['rm', container]).catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('runs as a user other than root, with DATA_DIR a volume and a health check on /healthz', () => {
    expect(config.User).toMatch(/^[1-9]\d*(:\d+)?$/);
    expect(config.Volumes).toHaveProperty(['/data']);
    expect(config.Env).toContain('DATA_DIR=/data');
    expect(config.Env).toContain('NODE_ENV=production');
    expect(config.Healthcheck?.Test.join(' ')).toMatch(/\/healthz/);
  });

  /**
   * The image's command as its configuration says, in a mount namespace of its own: the image's files
   * read-only, a data directory on /data, /proc and /dev, the image's user. The network is the host's.
   */
  function inImage(command: string[], env: Record<string, string>): ChildProcess {
    const [uid, gid = uid] = config.User.split(':');
    const script = [
      'set -e',
      'mount --bind "$ROOT" "$ROOT"',
      'mount --bind "$DATA" "$ROOT/data"',
      'mount -t proc proc "$ROOT/proc"',
      'mount --rbind /dev "$ROOT/dev"',
      'mount -o remount,bind,ro "$ROOT"',
      'exec chroot --userspec="$RUN_AS" "$ROOT" "$@"',
    ].join('\n');
    const vars = [...config.Env, ...Object.entries(env).map(([name, value]) => `${name}=${value}`)];
    return spawn(
      'unshare',
      ['--mount', '--fork', '--kill-child', 'sh', '-c', script, 'in-image', '/usr/bin/env', '-i', '-C', config.WorkingDir, ...vars, ...command],
      { env: { ...process.env, ROOT: rootfs, DATA: dataDir, RUN_AS: `${uid}:${gid}` }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
  }

  it('starts from the image on a read-only root filesystem and answers /readyz; its health check passes', async () => {
    const [uid, gid = uid] = config.User.split(':');
    chownSync(dataDir, Number(uid), Number(gid));
    const port = await freePort();
    const env = await productionEnv(port);
    server = inImage(config.Cmd, env);
    server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const deadline = Date.now() + 60_000;
    let ready: Response | undefined;
    while (!ready?.ok) {
      if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}:\n${output}`);
      if (Date.now() > deadline) throw new Error(`not ready after 60 s:\n${output}`);
      ready = await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => undefined);
      if (!ready?.ok) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(((await ready.json()) as { status?: string }).status).toBe('ready');
    // It wrote its database where DATA_DIR says, as the image's user, and nowhere else it could.
    expect(statSync(join(dataDir, 'tyd.sqlite')).uid).toBe(Number(uid));

    const check = inImage(config.Healthcheck!.Test.slice(1), { PORT: String(port) });
    const code = await new Promise<number | null>((resolve) => check.once('exit', resolve));
    expect(code).toBe(0);
  });
});
