// The keys a database's sealed fields were written with (docs/operations.md "Backups and restore"). A database
// restored without its keys.json, or started with another TYD_DATA_KEY or TYD_PHONE_HASH_KEY, would otherwise
// serve with every phone number, identity, card and photo unreadable (500s), and a returning user's phone
// would no longer find the account (its lookup hash changed), so the login would open a second one. The first
// start records a verifier of each key, and every start (and the admin command) compares: another key stops
// it with a message naming the variable. The verifier is an HMAC under a key derived from the secret
// (RFC 5869), so the database still reveals nothing about the key.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import { ConfigError, type Secrets } from '../config/index.js';
import { deriveKey } from '../lib/derived-keys.js';
import type { Database } from './schema.js';

/** The secrets sealed fields depend on, by their variable. The others can be replaced (docs/operations.md "Rotating the server key"). */
const CHECKED_KEYS = { TYD_DATA_KEY: 'dataKey', TYD_PHONE_HASH_KEY: 'phoneHashKey' } as const;

export type CheckedKeys = Pick<Secrets, (typeof CHECKED_KEYS)[keyof typeof CHECKED_KEYS]>;

export function keyVerifier(secret: string): string {
  return createHmac('sha256', deriveKey(secret, 'key-check')).update('tyd key check v1').digest('base64url');
}

/** Records the verifiers the first time, then throws a ConfigError when a key is not the recorded one. */
export async function checkStoredKeys(db: Kysely<Database>, keys: CheckedKeys, now: number): Promise<void> {
  const mismatched: string[] = [];
  for (const [name, field] of Object.entries(CHECKED_KEYS)) {
    const verifier = keyVerifier(keys[field]);
    await db
      .insertInto('key_checks')
      .values({ name, verifier, created_at: now })
      .onConflict((c) => c.column('name').doNothing())
      .execute();
    const stored = await db.selectFrom('key_checks').select('verifier').where('name', '=', name).executeTakeFirstOrThrow();
    const same = stored.verifier.length === verifier.length && timingSafeEqual(Buffer.from(stored.verifier), Buffer.from(verifier));
    if (!same) mismatched.push(name);
  }
  if (mismatched.length > 0) {
    throw new ConfigError(
      `${mismatched.join(' and ')} ${mismatched.length > 1 ? 'are not the keys' : 'is not the key'} this database was written with: ` +
        'start it with the keys.json or the TYD_* variables kept with it (docs/operations.md "Backups and restore"); ' +
        'with other keys every sealed field would be unreadable',
    );
  }
}
