// Frozen: never edit a migration that has run anywhere; add a new dated file instead.
// Where a phone's NFC antenna sits, for the /nfc explainer (SPEC §2; phone-brand-list and phone-type-list,
// SPEC §7; docs/api.md). It was a table in the code; now it is a table operators change with
// `npm run admin -- nfc …` (docs/operations.md "NFC antenna positions"), seeded here with the table that
// shipped. Every change is kept in nfc_antenna_changes with who and when.
// The seed is our own, written from the general layout of each brand's phones (on most Android phones the
// coil surrounds or sits just below the rear camera module, on iPhones it is at the top edge); approximate
// by nature (the page says so); no vendor list was copied.
import type { Kysely } from 'kysely';

type Position = 'top' | 'upper' | 'center' | 'lower';
interface SeedModel {
  model: string;
  name: string;
  position: Position;
  hint: string;
  hasNfc?: boolean;
  foldableNote?: string;
}

const SHIPPED: Array<{ brand: string; brandName: string; models: SeedModel[] }> = [
  {
    brand: 'huawei',
    brandName: '华为',
    models: [
      { model: 'mate', name: 'Mate 系列', position: 'upper', hint: '摄像头模组下方' },
      { model: 'p', name: 'P 系列', position: 'upper', hint: '摄像头旁边' },
      { model: 'nova', name: 'nova 系列', position: 'upper', hint: '摄像头下方' },
      { model: 'pura', name: 'Pura 系列', position: 'upper', hint: '摄像头模组下方' },
      { model: 'enjoy', name: '畅享系列', position: 'center', hint: '背面中部，部分机型无NFC' },
    ],
  },
  {
    brand: 'honor',
    brandName: '荣耀',
    models: [
      { model: 'magic', name: 'Magic 系列', position: 'upper', hint: '摄像头模组下方' },
      { model: 'number', name: '数字系列', position: 'upper', hint: '摄像头下方' },
      { model: 'x', name: 'X 系列', position: 'center', hint: '背面中部，部分机型无NFC' },
    ],
  },
  {
    brand: 'xiaomi',
    brandName: '小米',
    models: [
      { model: 'number', name: '数字系列', position: 'upper', hint: '摄像头下方' },
      { model: 'civi', name: 'Civi 系列', position: 'upper', hint: '摄像头附近' },
      { model: 'mix', name: 'MIX 系列', position: 'upper', hint: '摄像头模组下方' },
    ],
  },
  {
    brand: 'redmi',
    brandName: 'Redmi',
    models: [
      { model: 'k', name: 'K 系列', position: 'upper', hint: '摄像头下方' },
      { model: 'note', name: 'Note 系列', position: 'upper', hint: '摄像头附近，部分机型无NFC' },
      { model: 'number', name: '数字系列', position: 'center', hint: '多数机型无NFC', hasNfc: false },
    ],
  },
  {
    brand: 'oppo',
    brandName: 'OPPO',
    models: [
      { model: 'find', name: 'Find 系列', position: 'upper', hint: '摄像头模组下方' },
      { model: 'reno', name: 'Reno 系列', position: 'upper', hint: '摄像头附近' },
      { model: 'a', name: 'A 系列', position: 'center', hint: '背面中部，部分机型无NFC' },
    ],
  },
  {
    brand: 'vivo',
    brandName: 'vivo',
    models: [
      { model: 'x', name: 'X 系列', position: 'upper', hint: '摄像头模组下方' },
      { model: 's', name: 'S 系列', position: 'upper', hint: '摄像头附近' },
      { model: 'y', name: 'Y 系列', position: 'center', hint: '背面中部，部分机型无NFC' },
    ],
  },
  {
    brand: 'iqoo',
    brandName: 'iQOO',
    models: [
      { model: 'number', name: '数字系列', position: 'upper', hint: '摄像头下方' },
      { model: 'neo', name: 'Neo 系列', position: 'upper', hint: '摄像头下方' },
    ],
  },
  {
    brand: 'oneplus',
    brandName: '一加',
    models: [
      { model: 'number', name: '数字系列', position: 'upper', hint: '摄像头模组下方' },
      { model: 'ace', name: 'Ace 系列', position: 'upper', hint: '摄像头附近' },
    ],
  },
  {
    brand: 'apple',
    brandName: '苹果',
    models: [
      { model: 'iphone-xs-later', name: 'iPhone XS 及之后', position: 'top', hint: '机身顶部边缘，用手机顶端靠近身份证' },
      { model: 'iphone-7-x', name: 'iPhone 7 至 iPhone X', position: 'top', hint: '机身顶部边缘，需 iOS 13 及以上' },
      { model: 'iphone-6-earlier', name: 'iPhone 6s 及之前', position: 'top', hint: '不支持读取身份证', hasNfc: false },
    ],
  },
  {
    brand: 'samsung',
    brandName: '三星',
    models: [
      { model: 'galaxy-s', name: 'Galaxy S 系列', position: 'center', hint: '背面中部' },
      { model: 'galaxy-z', name: 'Galaxy Z 系列', position: 'center', hint: '背面中部', foldableNote: '折叠屏：合上后贴在外屏一侧的背面中部' },
      { model: 'galaxy-a', name: 'Galaxy A 系列', position: 'center', hint: '背面中部，部分机型无NFC' },
    ],
  },
];

const BY = 'migration 2026-11-25-1100-nfc-antennas';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('nfc_antennas')
    .addColumn('brand_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('model_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('brand_name', 'varchar(40)', (c) => c.notNull())
    .addColumn('model_name', 'varchar(60)', (c) => c.notNull())
    .addColumn('position', 'varchar(8)', (c) => c.notNull())
    .addColumn('hint', 'varchar(80)', (c) => c.notNull())
    // 1 or 0 (both engines).
    .addColumn('has_nfc', 'integer', (c) => c.notNull())
    // Where to hold the card on a foldable (folded / unfolded); null for other phones.
    .addColumn('foldable_note', 'varchar(80)')
    // The order of the page: brands by their first model, models within a brand.
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .addColumn('updated_by', 'varchar(64)', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('nfc_antennas_pk', ['brand_id', 'model_id'])
    .execute();

  await db.schema
    .createTable('nfc_antenna_changes')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('brand_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('model_id', 'varchar(40)', (c) => c.notNull())
    // 'set' or 'delete'
    .addColumn('action', 'varchar(8)', (c) => c.notNull())
    // The row's fields after a set (JSON), the deleted row after a delete.
    .addColumn('change', 'text', (c) => c.notNull())
    .addColumn('changed_by', 'varchar(64)', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('nfc_antenna_changes_row').on('nfc_antenna_changes').columns(['brand_id', 'model_id', 'at']).execute();

  const now = Date.now();
  const rows = SHIPPED.flatMap(({ brand, brandName, models }) => models.map((m) => ({ brand, brandName, ...m }))).map((m, i) => ({
    brand_id: m.brand,
    model_id: m.model,
    brand_name: m.brandName,
    model_name: m.name,
    position: m.position,
    hint: m.hint,
    has_nfc: m.hasNfc === false ? 0 : 1,
    foldable_note: m.foldableNote ?? null,
    sort_order: (i + 1) * 10,
    updated_by: BY,
    updated_at: now,
  }));
  const seed = db as unknown as Kysely<{ nfc_antennas: Record<string, unknown>; nfc_antenna_changes: Record<string, unknown> }>;
  await seed.insertInto('nfc_antennas').values(rows).execute();
  await seed
    .insertInto('nfc_antenna_changes')
    .values(
      rows.map((r) => ({
        id: `seed-${r.brand_id}-${r.model_id}`,
        brand_id: r.brand_id,
        model_id: r.model_id,
        action: 'set',
        change: JSON.stringify(r),
        changed_by: BY,
        at: now,
      })),
    )
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['nfc_antenna_changes', 'nfc_antennas']) await db.schema.dropTable(table).execute();
}
