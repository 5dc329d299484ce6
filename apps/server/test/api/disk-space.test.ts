// The data directory's disk space alarm (docs/operations.md "Disk space"): below the threshold one warning
// per check (so at most one per interval, however often /readyz is asked), the reading in /readyz, and no
// effect on readiness; above it no warning.
import { afterEach, describe, expect, it } from 'vitest';
import { captureLogLines } from '../support/log-capture.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

interface Readiness {
  status: string;
  disk: { status: string; freeBytes: number | null; minFreeBytes: number };
}

const lowWarnings = (lines: string[]) =>
  lines
    .map((line) => JSON.parse(line) as { level: number; msg: string; freeBytes?: number; minFreeBytes?: number })
    .filter((l) => l.msg === 'data directory disk space low');

describe('data directory disk space alarm', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('warns once per interval and shows the reading in /readyz when free space is below the threshold', async () => {
    const log = captureLogLines();
    // 100 TB: more than any disk this runs on, so the threshold is crossed for sure.
    t = await startTestApp({ logStream: log.stream, env: { DATA_DIR_MIN_FREE_MB: '100000000', DATA_DIR_CHECK_INTERVAL_SECONDS: '3600' } });
    const minFreeBytes = 100_000_000 * 1_048_576;
    expect(lowWarnings(log.lines)).toHaveLength(1);
    const [warning] = lowWarnings(log.lines);
    expect(warning).toMatchObject({ level: 40, minFreeBytes });
    expect(warning!.freeBytes).toBeGreaterThan(0);
    expect(warning!.freeBytes).toBeLessThan(minFreeBytes);

    for (let i = 0; i < 5; i++) {
      const ready = await fetch(`${t.baseUrl}/readyz`);
      // Low disk is an alarm, not unreadiness.
      expect(ready.status).toBe(200);
      const body = (await ready.json()) as Readiness;
      expect(body.status).toBe('ready');
      expect(body.disk).toEqual({ status: 'low', freeBytes: warning!.freeBytes, minFreeBytes });
    }
    // Probes read the latest check; they neither check again nor warn again within the interval.
    expect(lowWarnings(log.lines)).toHaveLength(1);
  });

  it('checks again every interval', async () => {
    const log = captureLogLines();
    t = await startTestApp({ logStream: log.stream, env: { DATA_DIR_MIN_FREE_MB: '100000000', DATA_DIR_CHECK_INTERVAL_SECONDS: '1' } });
    await expect.poll(() => lowWarnings(log.lines).length, { timeout: 10_000, interval: 100 }).toBeGreaterThanOrEqual(3);
  });

  it('stays quiet above the threshold', async () => {
    const log = captureLogLines();
    t = await startTestApp({ logStream: log.stream, env: { DATA_DIR_MIN_FREE_MB: '1' } });
    const body = (await (await fetch(`${t.baseUrl}/readyz`)).json()) as Readiness;
    expect(body.disk.status).toBe('ok');
    expect(body.disk.freeBytes).toBeGreaterThanOrEqual(1_048_576);
    expect(body.disk.minFreeBytes).toBe(1_048_576);
    expect(lowWarnings(log.lines)).toHaveLength(0);
    expect(log.lines.some((line) => line.includes('disk space'))).toBe(false);
  });
});
