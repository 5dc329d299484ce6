// Redis for the tests that run the server on it (docs/operations.md "Test suite"): REDIS_TEST_URL (default
// the local one), a key prefix of the test's own, and removing what the test left under it.
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';

export const REDIS_TEST_URL = process.env.REDIS_TEST_URL ?? 'redis://127.0.0.1:6379';

/** A key prefix no other test uses. */
export const redisTestPrefix = () => `tyd-test-${randomBytes(6).toString('hex')}:`;

/** Deletes every key under `prefix` (a test's own). */
export async function deleteRedisKeys(prefix: string): Promise<void> {
  const redis = new Redis(REDIS_TEST_URL);
  try {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
  } finally {
    await redis.quit();
  }
}
