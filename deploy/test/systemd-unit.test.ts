// The service unit (deploy/systemd/tyd-server@.service) checked by systemd itself: `systemd-analyze verify`
// on an instance of the template, and `systemd-analyze security` for its exposure (docs/operations.md
// "The files"). verify checks that ExecStart's program exists, so it runs on a copy whose /usr/bin/node is
// this machine's node and whose server is this checkout's build: the unit is otherwise verified as shipped.
// verify reports a misspelt or invalid setting on stderr and still exits 0, so any output fails the check;
// a copy with one misspelt setting shows the check can fail.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { serverBundle } from '../../apps/server/scripts/build-server.js';
import { repoRoot } from '../../apps/server/src/paths.js';

const SYSTEMD_ANALYZE = '/usr/bin/systemd-analyze';
const shipped = readFileSync(join(repoRoot, 'deploy/systemd/tyd-server@.service'), 'utf8');
const folder = mkdtempSync(join(tmpdir(), 'tyd-unit-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** Writes `text` as the template unit and runs systemd-analyze on its instance tyd-server@8081. */
function analyze(text: string, ...command: string[]): { status: number | null; output: string } {
  writeFileSync(join(folder, 'tyd-server@.service'), text);
  const result = spawnSync(SYSTEMD_ANALYZE, [...command, join(folder, 'tyd-server@8081.service')], { cwd: folder, encoding: 'utf8' });
  if (result.error) throw result.error;
  return { status: result.status, output: `${result.stdout}${result.stderr}`.trim() };
}

const onThisMachine = (text: string) => {
  const execStart = 'ExecStart=/usr/bin/node --enable-source-maps /opt/tyd/apps/server/dist/server.mjs';
  expect(text).toContain(execStart);
  return text.replace(execStart, `ExecStart=${process.execPath} --enable-source-maps ${serverBundle}`);
};

describe('tyd-server@.service', () => {
  it('passes systemd-analyze verify without a word', () => {
    expect(analyze(onThisMachine(shipped), 'verify', '--man=no')).toEqual({ status: 0, output: '' });
  });

  it('fails verify with one setting misspelt', () => {
    const misspelt = onThisMachine(shipped).replace('NoNewPrivileges=yes', 'NoNewPriviledges=yes');
    expect(analyze(misspelt, 'verify', '--man=no').output).toMatch(/Unknown key 'NoNewPriviledges'/);
  });

  it('is hardened: an exposure of at most 2.0 in systemd-analyze security, and more without its sandboxing', () => {
    const exposure = (text: string) => {
      const { output } = analyze(text, 'security', '--offline=true', '--no-pager');
      const match = /Overall exposure level for tyd-server@8081\.service: (\d+\.\d)/.exec(output);
      if (!match) throw new Error(`no exposure level in:\n${output}`);
      return Number(match[1]);
    };
    expect(exposure(shipped)).toBeLessThanOrEqual(2.0);
    const unhardened = shipped.replace(
      /^(NoNewPrivileges|ProtectSystem|PrivateTmp|PrivateDevices|ProtectHome|CapabilityBoundingSet|SystemCallFilter)=.*\n/gm,
      '',
    );
    expect(exposure(unhardened)).toBeGreaterThan(4);
  });

  it('gives each instance its own port and state directory, and stops within the server’s shutdown deadline', () => {
    expect(shipped).toMatch(/^Environment=.*\bPORT=%i\b/m);
    expect(shipped).toMatch(/^Environment=.*\bDATA_DIR=%S\/tyd\/%i\b/m);
    expect(shipped).toMatch(/^StateDirectory=tyd\/%i$/m);
    // SHUTDOWN_TIMEOUT_MS (10 s by default) must run out before systemd's SIGKILL.
    const stopSeconds = Number(/^TimeoutStopSec=(\d+)s$/m.exec(shipped)?.[1]);
    expect(stopSeconds).toBeGreaterThan(10);
  });
});
