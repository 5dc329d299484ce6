// Retained records of deregistered accounts (docs/api.md "user/cancel"): what the law requires to keep, encrypted
// (../services/retained-records.ts), with the date until which it must be kept. No endpoint reads them.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Executor } from '../../db/executor.js';
import type { Database, RetainedRecordsTable } from '../../db/schema.js';

export interface RetainedRecord {
  id: string;
  subjectHash: string;
  kind: RetainedRecordsTable['kind'];
  payloadEnc: string;
  createdAt: number;
  retainUntil: number;
}

export interface RetainedRecordsRepository {
  /** `encrypt` receives the new record's id, which the ciphertext is bound to. */
  create(
    input: { subjectHash: string; kind: RetainedRecord['kind']; encrypt: (id: string) => string; now: number; retainUntil: number },
    trx?: Executor,
  ): Promise<RetainedRecord>;
  findBySubjectHash(subjectHash: string, trx?: Executor): Promise<RetainedRecord[]>;
  /** Deletes records past their retention date; returns how many. */
  purgeExpired(now: number, trx?: Executor): Promise<number>;
}

const toRecord = (row: RetainedRecordsTable): RetainedRecord => ({
  id: row.id,
  subjectHash: row.subject_hash,
  kind: row.kind,
  payloadEnc: row.payload_enc,
  createdAt: row.created_at,
  retainUntil: row.retain_until,
});

export function createRetainedRecordsRepository(db: Kysely<Database>): RetainedRecordsRepository {
  return {
    async create({ subjectHash, kind, encrypt, now, retainUntil }, trx = db) {
      const id = randomUUID();
      const row: RetainedRecordsTable = { id, subject_hash: subjectHash, kind, payload_enc: encrypt(id), created_at: now, retain_until: retainUntil };
      await trx.insertInto('retained_records').values(row).execute();
      return toRecord(row);
    },
    async findBySubjectHash(subjectHash, trx = db) {
      const rows = await trx.selectFrom('retained_records').selectAll().where('subject_hash', '=', subjectHash).orderBy('created_at').execute();
      return rows.map(toRecord);
    },
    async purgeExpired(now, trx = db) {
      const result = await trx.deleteFrom('retained_records').where('retain_until', '<=', now).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
