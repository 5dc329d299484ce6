// Free space on the data directory's disk (docs/operations.md "Disk space"): the SQLite file, its WAL
// and keys.json live there, and a full disk fails every write, logins included. Checked with
// fs.statfs at start and every DATA_DIR_CHECK_INTERVAL_SECONDS; below DATA_DIR_MIN_FREE_MB each check
// logs one warning (so at most one per interval), and /readyz shows the latest reading. A low disk does
// not make the instance unready: every instance on that disk would leave rotation at once, and reads
// and small writes still work; the alarm is for an operator to act on.
import { statfs } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export interface DiskSpaceReading {
  /** `unknown` until the first check, or when the directory cannot be read. */
  status: 'ok' | 'low' | 'unknown';
  /** Bytes an unprivileged process may still write (statfs bavail × bsize). */
  freeBytes: number | null;
  minFreeBytes: number;
}

export interface DiskSpaceOptions {
  dataDir: string;
  minFreeBytes: number;
  checkIntervalMs: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The latest reading (no disk access per call, so /readyz probes stay cheap). */
    diskSpace(): DiskSpaceReading;
  }
}

export default fp(
  async (fastify: FastifyInstance, opts: DiskSpaceOptions) => {
    const { dataDir, minFreeBytes } = opts;
    let reading: DiskSpaceReading = { status: 'unknown', freeBytes: null, minFreeBytes };
    const check = async () => {
      const was = reading.status;
      try {
        const stats = await statfs(dataDir);
        const freeBytes = stats.bavail * stats.bsize;
        reading = { status: freeBytes < minFreeBytes ? 'low' : 'ok', freeBytes, minFreeBytes };
        if (reading.status === 'low') fastify.log.warn({ dataDir, freeBytes, minFreeBytes }, 'data directory disk space low');
        else if (was === 'low') fastify.log.info({ dataDir, freeBytes, minFreeBytes }, 'data directory disk space back above the threshold');
      } catch (error) {
        reading = { status: 'unknown', freeBytes: null, minFreeBytes };
        fastify.log.warn({ err: error, dataDir }, 'data directory disk space unreadable');
      }
    };
    await check();
    const timer = setInterval(() => void check(), opts.checkIntervalMs).unref();
    fastify.addHook('onClose', async () => clearInterval(timer));
    fastify.decorate('diskSpace', () => reading);
  },
  { name: 'disk-space', fastify: '5.x' },
);
