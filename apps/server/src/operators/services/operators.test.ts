// Signing in as the operators service does it (services/operators.ts), against a migrated database: a
// locked name answers at once, without the argon2id work of checking a guess (docs/operations.md "Operators").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../config/index.js';
import { connectDatabase, type DatabaseHandle } from '../../db/connect.js';
import { migrateToLatest } from '../../db/migrate.js';
import { createEnrolmentsRepository } from '../repositories/enrolments-repository.js';
import { createOperatorsRepository } from '../repositories/operators-repository.js';
import { verifyPassword } from './credentials.js';
import { createOperators, operatorTotpCipher } from './operators.js';

describe('operators sign-in', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = connectDatabase({ kind: 'sqlite', file: ':memory:' });
    await migrateToLatest(handle.db);
  });
  afterAll(() => handle.close());

  it('checks no password for a locked name, known or not', async () => {
    let checked = 0;
    const config = parseConfig({ NODE_ENV: 'test', OPS_SIGN_IN_FREE_FAILURES: '3' }).operators;
    const operators = createOperators({
      repo: createOperatorsRepository(handle.db),
      enrolmentsRepo: createEnrolmentsRepository(handle.db),
      config,
      totpCipher: operatorTotpCipher(Buffer.alloc(32, 7).toString('base64url')),
      verify: async (hash, password) => {
        checked++;
        return verifyPassword(hash, password);
      },
    });
    const now = Date.now();
    const attempt = () => operators.signIn({ name: 'nobody-here', password: 'a wrong password', code: '123456' }, '127.0.0.1', now);
    for (let i = 0; i < 3; i++) expect((await attempt()).ok).toBe(false);
    expect(checked).toBe(3);
    const locked = await attempt();
    expect(locked).toEqual({ ok: false, lockedUntil: now + 60_000 });
    expect((await attempt()).ok).toBe(false);
    expect(checked).toBe(3);
  });
});
