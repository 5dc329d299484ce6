// Test secrets, generated per run: never fixed values that could end up trusted somewhere.
import { randomBytes } from 'node:crypto';

export function testSecretKeys(): { phoneHashKey: string; dataKey: string } {
  return { phoneHashKey: randomBytes(32).toString('base64url'), dataKey: randomBytes(32).toString('base64url') };
}
