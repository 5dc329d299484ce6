// isUniqueViolation against the real drivers of both engines: a unique index's refusal is one, any other
// constraint's is not (a NOT NULL violation must not read as "already taken").
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, createTestDatabase, type TestDatabase } from '../../test/support/test-databases.js';
import { connectDatabase, type DatabaseHandle } from './connect.js';
import { isUniqueViolation } from './errors.js';

describe.each(ENGINES)('isUniqueViolation (%s)', (engine) => {
  let testDb: TestDatabase;
  let handle: DatabaseHandle;
  beforeAll(async () => {
    testDb = await createTestDatabase(engine);
    handle = connectDatabase(testDb.database);
    await sql`create table probe (id integer primary key, tag text not null unique)`.execute(handle.db);
    await sql`insert into probe (id, tag) values (1, 'a')`.execute(handle.db);
  });
  afterAll(async () => {
    await handle.close();
    await testDb.drop();
  });

  const refusal = async (statement: ReturnType<typeof sql>) => {
    try {
      await statement.execute(handle.db);
    } catch (error) {
      return error;
    }
    throw new Error('the statement was not refused');
  };

  it('a second row with a unique value is a unique violation', async () => {
    expect(isUniqueViolation(await refusal(sql`insert into probe (id, tag) values (2, 'a')`))).toBe(true);
    expect(isUniqueViolation(await refusal(sql`insert into probe (id, tag) values (1, 'b')`))).toBe(true);
  });

  it('another constraint, or something that is not a database error, is not', async () => {
    expect(isUniqueViolation(await refusal(sql`insert into probe (id, tag) values (3, null)`))).toBe(false);
    expect(isUniqueViolation(await refusal(sql`insert into no_such_table (id) values (1)`))).toBe(false);
    expect(isUniqueViolation(new Error('23505'))).toBe(false);
    expect(isUniqueViolation(null)).toBe(false);
    expect(isUniqueViolation(undefined)).toBe(false);
  });
});
