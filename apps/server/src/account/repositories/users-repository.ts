// Users. The phone number is protected here, so callers pass and receive plain numbers and no other
// module sees phone_hash or phone_enc (see ../services/phone-protection.ts).
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { PhoneProtection } from '../services/phone-protection.js';
import type { Executor } from '../../db/executor.js';
import type { Database, UserRow } from '../../db/schema.js';

/** Customer service froze the account (docs/api.md "Customer-service desk"): when, who, and the reason they stated. */
export interface AccountFreeze {
  at: number;
  by: string;
  reason: string;
}

export interface User {
  id: string;
  phone: string;
  status: UserRow['status'];
  createdAt: number;
  /** Set while the account is frozen: no sign-in (403/4218) and no session. */
  frozen: AccountFreeze | null;
}

export interface UsersRepository {
  create(input: { phone: string; now: number }, trx?: Executor): Promise<User>;
  findById(id: string, trx?: Executor): Promise<User | undefined>;
  findByPhone(phone: string, trx?: Executor): Promise<User | undefined>;
  /** An account row read elsewhere (the session's join, sessions-repository.ts) as the account: its phone decrypted. */
  fromRow(row: UserRow): User;
  count(trx?: Executor): Promise<number>;
  /** Moves the account to another number (save-phone); the unique lookup hash refuses a taken one. */
  updatePhone(id: string, phone: string, now: number, trx?: Executor): Promise<void>;
  /** Freezes the account unless it is frozen already (a conditional update): false when it was, or does not exist. */
  freeze(id: string, freeze: AccountFreeze, trx?: Executor): Promise<boolean>;
  /** Lifts a freeze: false when the account was not frozen, or does not exist. */
  unfreeze(id: string, now: number, trx?: Executor): Promise<boolean>;
  /** Erases the account row; sessions, profile, consents and authorisation codes go with it (cascade). */
  delete(id: string, trx?: Executor): Promise<boolean>;
}

export function createUsersRepository(db: Kysely<Database>, phones: PhoneProtection): UsersRepository {
  const toUser = (row: UserRow): User => ({
    id: row.id,
    phone: phones.decrypt(row.phone_enc),
    status: row.status,
    createdAt: row.created_at,
    frozen: row.frozen_at === null ? null : { at: Number(row.frozen_at), by: row.frozen_by ?? '', reason: row.frozen_reason ?? '' },
  });
  return {
    async create({ phone, now }, trx = db) {
      const row: UserRow = {
        id: randomUUID(),
        phone_hash: phones.lookupHash(phone),
        phone_enc: phones.encrypt(phone),
        status: 'active',
        created_at: now,
        updated_at: now,
        frozen_at: null,
        frozen_by: null,
        frozen_reason: null,
      };
      await trx.insertInto('users').values(row).execute();
      return toUser(row);
    },
    async findById(id, trx = db) {
      const row = await trx.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
      return row && toUser(row);
    },
    fromRow: toUser,
    async findByPhone(phone, trx = db) {
      const row = await trx.selectFrom('users').selectAll().where('phone_hash', '=', phones.lookupHash(phone)).executeTakeFirst();
      return row && toUser(row);
    },
    async updatePhone(id, phone, now, trx = db) {
      await trx
        .updateTable('users')
        .set({ phone_hash: phones.lookupHash(phone), phone_enc: phones.encrypt(phone), updated_at: now })
        .where('id', '=', id)
        .execute();
    },
    async freeze(id, { at, by, reason }, trx = db) {
      const result = await trx
        .updateTable('users')
        .set({ frozen_at: at, frozen_by: by, frozen_reason: reason, updated_at: at })
        .where('id', '=', id)
        .where('frozen_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    async unfreeze(id, now, trx = db) {
      const result = await trx
        .updateTable('users')
        .set({ frozen_at: null, frozen_by: null, frozen_reason: null, updated_at: now })
        .where('id', '=', id)
        .where('frozen_at', 'is not', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    async delete(id, trx = db) {
      const result = await trx.deleteFrom('users').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    },
    async count(trx = db) {
      const { n } = await trx
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(n);
    },
  };
}
