// Frozen: never edit a migration that has run anywhere; add a new dated file instead.
// Vouchers, redeem codes, the new-user gift and invitations (docs/api.md "Vouchers and exchange", "Redeem
// codes", "New-user gift", "Invitations"):
// - reward_items: the catalogue of what points, redeem codes, the gift and invitations can give besides
//   points (coupons a user holds), with stock taken by a conditional update so it is never oversold;
// - vouchers: the ones users hold, with a per-user unique source key so a retried grant gives one;
// - redeem_batches and redeem_codes: codes are stored only as a keyed hash, and taken by a conditional
//   update (redeemed_by IS NULL) so a code is used once however many try it at the same time;
// - gift_contents and gift_claims, invite_rewards: the once-per-real-person rules, keyed by the person
//   (a keyed hash of the verified ID number under a key of its own, identity/services/identity-cipher.ts),
//   with a primary key so the database itself refuses a second claim. These outlive the account on
//   purpose (no foreign key): a person who deregisters and registers again is the same person;
// - reward_changes: every operator change of the rewards capability, with who and when; it takes over
//   prize_changes' rows.
import { sql, type Kysely } from 'kysely';

const DEFAULT_ITEMS = [
  {
    id: 'coupon-interest-free-7',
    name: '7天免息券',
    description: '借款时抵扣7天利息',
    points_cost: 500,
    stock: 1000,
    per_user_limit: 2,
    valid_days: 30,
    position: 1,
  },
  {
    id: 'coupon-repay-10',
    name: '10元还款立减券',
    description: '单笔还款满500元立减10元',
    points_cost: 200,
    stock: 5000,
    per_user_limit: 5,
    valid_days: 30,
    position: 2,
  },
  {
    id: 'coupon-rate-off-5',
    name: '利率95折券',
    description: '下一笔借款利率打95折',
    points_cost: 1000,
    stock: 300,
    per_user_limit: 1,
    valid_days: 60,
    position: 3,
  },
];

const DEFAULT_GIFT = [
  { id: 'gift-points', points: 100, item_id: null, position: 1 },
  { id: 'gift-interest-free', points: null, item_id: 'coupon-interest-free-7', position: 2 },
  { id: 'gift-repay', points: null, item_id: 'coupon-repay-10', position: 3 },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('reward_items')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(40)', (c) => c.notNull())
    .addColumn('description', 'varchar(200)', (c) => c.notNull())
    // Null: not on offer for points (a redeem code, the gift or an invitation may still give it).
    .addColumn('points_cost', 'integer')
    // Null: no limit. Decremented by a conditional update, so it is never oversold.
    .addColumn('stock', 'integer')
    // Null: no limit. How many a user may get by exchanging points.
    .addColumn('per_user_limit', 'integer')
    .addColumn('valid_days', 'integer', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addCheckConstraint('reward_items_stock_not_negative', sql`stock IS NULL OR stock >= 0`)
    .addCheckConstraint('reward_items_cost_positive', sql`points_cost IS NULL OR points_cost > 0`)
    .execute();

  await db.schema
    .createTable('vouchers')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('item_id', 'varchar(36)', (c) => c.notNull())
    // What was given, as it was then (the catalogue may change later).
    .addColumn('name', 'varchar(40)', (c) => c.notNull())
    .addColumn('description', 'varchar(200)', (c) => c.notNull())
    .addColumn('source', 'varchar(16)', (c) => c.notNull())
    .addColumn('source_key', 'varchar(96)', (c) => c.notNull())
    .addColumn('granted_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('vouchers_source_key', ['user_id', 'source_key'])
    .execute();
  await db.schema.createIndex('vouchers_user_time').on('vouchers').columns(['user_id', 'granted_at', 'id']).execute();
  await db.schema.createIndex('vouchers_user_item').on('vouchers').columns(['user_id', 'item_id', 'source']).execute();

  await db.schema
    .createTable('redeem_batches')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(40)', (c) => c.notNull())
    // What one code gives: points, or one voucher of an item.
    .addColumn('points', 'integer')
    .addColumn('item_id', 'varchar(36)')
    .addColumn('codes', 'integer', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .addColumn('created_by', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addCheckConstraint('redeem_batches_one_reward', sql`(points IS NULL) <> (item_id IS NULL)`)
    .execute();
  await db.schema
    .createTable('redeem_codes')
    // HMAC-SHA256 of the normalised code: the database alone holds no usable code.
    .addColumn('code_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('batch_id', 'varchar(36)', (c) => c.notNull().references('redeem_batches.id'))
    .addColumn('redeemed_by', 'varchar(36)')
    .addColumn('redeemed_at', 'bigint')
    .execute();
  await db.schema.createIndex('redeem_codes_batch').on('redeem_codes').columns(['batch_id', 'redeemed_at']).execute();

  await db.schema
    .createTable('gift_contents')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    // One line of the package: points, or one voucher of an item.
    .addColumn('points', 'integer')
    .addColumn('item_id', 'varchar(36)')
    .addColumn('position', 'integer', (c) => c.notNull())
    .addCheckConstraint('gift_contents_one_reward', sql`(points IS NULL) <> (item_id IS NULL)`)
    .execute();
  await db.schema
    .createTable('gift_claims')
    .addColumn('person_key', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('claimed_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('gift_claims_user').on('gift_claims').column('user_id').execute();

  await db.schema
    .createTable('invite_rewards')
    // The invitee as a person: one reward per real person, whatever accounts they open.
    .addColumn('invitee_person_key', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('invitee_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('inviter_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('points', 'integer', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('invite_rewards_inviter').on('invite_rewards').columns(['inviter_id', 'at']).execute();

  await db.schema
    .createTable('reward_changes')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    // What was changed: prize, item, gift or redeem-batch.
    .addColumn('subject', 'varchar(16)', (c) => c.notNull())
    .addColumn('subject_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('operator', 'varchar(64)', (c) => c.notNull())
    .addColumn('change', 'text', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('reward_changes_subject').on('reward_changes').columns(['subject', 'subject_id', 'at']).execute();
  await sql`INSERT INTO reward_changes (id, subject, subject_id, operator, change, at)
            SELECT id, 'prize', prize_id, operator, change, at FROM prize_changes`.execute(db);
  await db.schema.dropTable('prize_changes').execute();

  const now = Date.now();
  const operator = 'migration 2026-11-26-0900-vouchers-codes-gifts-invites';
  const seeded = db as unknown as Kysely<{
    reward_items: Record<string, unknown>;
    gift_contents: Record<string, unknown>;
    reward_changes: Record<string, unknown>;
  }>;
  await seeded
    .insertInto('reward_items')
    .values(DEFAULT_ITEMS.map((item) => ({ ...item, active: 1, updated_at: now })))
    .execute();
  await seeded.insertInto('gift_contents').values(DEFAULT_GIFT).execute();
  await seeded
    .insertInto('reward_changes')
    .values([
      ...DEFAULT_ITEMS.map((item) => ({ id: `seed-${item.id}`, subject: 'item', subject_id: item.id, operator, change: JSON.stringify(item), at: now })),
      { id: 'seed-gift', subject: 'gift', subject_id: 'gift', operator, change: JSON.stringify(DEFAULT_GIFT), at: now },
    ])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('prize_changes')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('prize_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('operator', 'varchar(64)', (c) => c.notNull())
    .addColumn('change', 'text', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .execute();
  await sql`INSERT INTO prize_changes (id, prize_id, operator, change, at)
            SELECT id, subject_id, operator, change, at FROM reward_changes WHERE subject = 'prize'`.execute(db);
  for (const table of ['reward_changes', 'invite_rewards', 'gift_claims', 'gift_contents', 'redeem_codes', 'redeem_batches', 'vouchers', 'reward_items'])
    await db.schema.dropTable(table).execute();
}
