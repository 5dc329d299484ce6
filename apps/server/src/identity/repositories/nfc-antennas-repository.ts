// The NFC antenna table (nfc_antennas) behind phone-brand-list and phone-type-list (SPEC §7, /nfc) and
// `npm run admin -- nfc` (docs/operations.md "NFC antenna positions"). Every set and delete is kept in
// nfc_antenna_changes with who and when, in the same transaction as the change.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { NfcPosition } from '@tyd/protocol';
import type { Database, NfcAntennasTable } from '../../db/schema.js';

export interface NfcAntenna {
  brandId: string;
  brandName: string;
  modelId: string;
  modelName: string;
  position: NfcPosition;
  hint: string;
  hasNfc: boolean;
  foldableNote: string | null;
  updatedBy: string;
  updatedAt: number;
}

/** The fields an operator sets; on a new model name and position are required (the command checks). */
export interface NfcAntennaChange {
  brandName?: string;
  modelName?: string;
  position?: NfcPosition;
  hint?: string;
  hasNfc?: boolean;
  foldableNote?: string | null;
}

export interface NfcAntennaHistoryEntry {
  brandId: string;
  modelId: string;
  action: 'set' | 'delete';
  change: string;
  by: string;
  at: number;
}

const toAntenna = (row: NfcAntennasTable): NfcAntenna => ({
  brandId: row.brand_id,
  brandName: row.brand_name,
  modelId: row.model_id,
  modelName: row.model_name,
  position: row.position,
  hint: row.hint,
  hasNfc: row.has_nfc === 1,
  foldableNote: row.foldable_note,
  updatedBy: row.updated_by,
  updatedAt: row.updated_at,
});

export interface NfcAntennasRepository {
  /** Every row (or one brand's), in the page's order. */
  list(brandId?: string): Promise<NfcAntenna[]>;
  /**
   * Creates or changes one model. A new model needs modelName and position, and a brandName when its brand
   * is new ('incomplete'); a brandName renames the whole brand. Answers the row after the change.
   */
  set(brandId: string, modelId: string, change: NfcAntennaChange, by: string, now: number): Promise<NfcAntenna | 'incomplete'>;
  /** Deletes one model, or with modelId undefined the whole brand; answers how many rows went. */
  delete(brandId: string, modelId: string | undefined, by: string, now: number): Promise<number>;
  history(brandId: string, modelId?: string): Promise<NfcAntennaHistoryEntry[]>;
}

export function createNfcAntennasRepository(db: Kysely<Database>): NfcAntennasRepository {
  return {
    async list(brandId) {
      let query = db.selectFrom('nfc_antennas').selectAll();
      if (brandId !== undefined) query = query.where('brand_id', '=', brandId);
      return (await query.orderBy('sort_order').orderBy('brand_id').orderBy('model_id').execute()).map(toAntenna);
    },
    async set(brandId, modelId, change, by, now) {
      return db.transaction().execute(async (trx) => {
        const current = await trx.selectFrom('nfc_antennas').selectAll().where('brand_id', '=', brandId).where('model_id', '=', modelId).executeTakeFirst();
        const brandRows = await trx
          .selectFrom('nfc_antennas')
          .select(['brand_name', 'sort_order'])
          .where('brand_id', '=', brandId)
          .orderBy('sort_order', 'desc')
          .execute();
        const brandName = change.brandName ?? brandRows[0]?.brand_name;
        let row: NfcAntennasTable;
        if (current) {
          row = {
            ...current,
            ...(change.modelName !== undefined && { model_name: change.modelName }),
            ...(change.position !== undefined && { position: change.position }),
            ...(change.hint !== undefined && { hint: change.hint }),
            ...(change.hasNfc !== undefined && { has_nfc: change.hasNfc ? 1 : 0 }),
            ...(change.foldableNote !== undefined && { foldable_note: change.foldableNote }),
            brand_name: brandName ?? current.brand_name,
            updated_by: by,
            updated_at: now,
          };
          await trx.updateTable('nfc_antennas').set(row).where('brand_id', '=', brandId).where('model_id', '=', modelId).execute();
        } else {
          if (change.modelName === undefined || change.position === undefined || brandName === undefined) return 'incomplete';
          // A new model goes after its brand's others; a new brand after every brand.
          const last =
            brandRows[0]?.sort_order ??
            (
              await trx
                .selectFrom('nfc_antennas')
                .select((eb) => eb.fn.max('sort_order').as('max'))
                .executeTakeFirst()
            )?.max ??
            0;
          row = {
            brand_id: brandId,
            model_id: modelId,
            brand_name: brandName,
            model_name: change.modelName,
            position: change.position,
            hint: change.hint ?? '',
            has_nfc: change.hasNfc === false ? 0 : 1,
            foldable_note: change.foldableNote ?? null,
            sort_order: Number(last) + (brandRows.length > 0 ? 1 : 10),
            updated_by: by,
            updated_at: now,
          };
          await trx.insertInto('nfc_antennas').values(row).execute();
        }
        if (change.brandName !== undefined)
          await trx.updateTable('nfc_antennas').set({ brand_name: change.brandName }).where('brand_id', '=', brandId).execute();
        await trx
          .insertInto('nfc_antenna_changes')
          .values({ id: randomUUID(), brand_id: brandId, model_id: modelId, action: 'set', change: JSON.stringify(change), changed_by: by, at: now })
          .execute();
        return toAntenna(row);
      });
    },
    async delete(brandId, modelId, by, now) {
      return db.transaction().execute(async (trx) => {
        let query = trx.selectFrom('nfc_antennas').selectAll().where('brand_id', '=', brandId);
        if (modelId !== undefined) query = query.where('model_id', '=', modelId);
        const rows = await query.execute();
        for (const row of rows) {
          await trx.deleteFrom('nfc_antennas').where('brand_id', '=', row.brand_id).where('model_id', '=', row.model_id).execute();
          await trx
            .insertInto('nfc_antenna_changes')
            .values({
              id: randomUUID(),
              brand_id: row.brand_id,
              model_id: row.model_id,
              action: 'delete',
              change: JSON.stringify(toAntenna(row)),
              changed_by: by,
              at: now,
            })
            .execute();
        }
        return rows.length;
      });
    },
    async history(brandId, modelId) {
      let query = db.selectFrom('nfc_antenna_changes').select(['brand_id', 'model_id', 'action', 'change', 'changed_by', 'at']).where('brand_id', '=', brandId);
      if (modelId !== undefined) query = query.where('model_id', '=', modelId);
      const rows = await query.orderBy('at').orderBy('id').execute();
      return rows.map((r) => ({ brandId: r.brand_id, modelId: r.model_id, action: r.action, change: r.change, by: r.changed_by, at: r.at }));
    },
  };
}
