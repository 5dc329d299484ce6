// What the 个人信息 pages read of an account across the capabilities' tables that hold no ciphertext
// (docs/api.md "Personal information"): sessions and sign-in records, points, vouchers, draws, redeem codes,
// the new-user gift, invitation rewards, messages, the notice watermark, questions. Read only, and every
// query is scoped to the one account, so a wrong id reaches nothing. Encrypted data (the phone, the
// identity, photos, card numbers) is read through its own capability, which holds its key. Which table
// reaches the person where is said in ../personal-tables.ts.
import { sql, type Kysely } from 'kysely';
import type { Executor } from '../../db/executor.js';
import type { Database } from '../../db/schema.js';

/** How much of each kind the account holds, for the collected list: counts and latest times, no rows. */
export interface HoldingsSummary {
  liveSessions: number;
  sessions: number;
  lastSessionAt: number | null;
  /** The newest session's device and app or browser ("Pixel 8 · Android 14 · Chrome"). */
  lastDevice: string | null;
  signIns: number;
  refusedSignIns: number;
  lastSignInAt: number | null;
  pointsBalance: number;
  pointsEntries: number;
  lastPointsAt: number | null;
  vouchers: number;
  lastVoucherAt: number | null;
  draws: number;
  lastDrawAt: number | null;
  redeemedCodes: number;
  lastRedeemedAt: number | null;
  giftClaimedAt: number | null;
  inviteRewards: number;
  lastInviteRewardAt: number | null;
  messages: number;
  unreadMessages: number;
  lastMessageAt: number | null;
  noticesReadThrough: number | null;
  /** Notices past the watermark read one by one (notice_item_reads), and the last such read. */
  noticesRead: number;
  lastNoticeReadAt: number | null;
  questions: number;
  answeredQuestions: number;
  lastQuestionAt: number | null;
}

/** What deregistration would take of what the account holds in these tables (services/personal-data.ts). */
export interface HeldToLose {
  /** Points left in unexpired lots: the balance once the lots that ran out are written off. */
  points: number;
  usableVouchers: number;
  openQuestions: number;
}

const count = (value: unknown) => Number(value ?? 0);
const time = (value: unknown) => (value === null || value === undefined ? null : Number(value));

export function createPersonalDataRepository(db: Kysely<Database>) {
  return {
    /** Every session kept (live, ended or expired until pruned), newest first. */
    async sessions(userId: string, trx: Executor = db) {
      return trx
        .selectFrom('sessions')
        .select(['id', 'device', 'client_kind', 'client_name', 'region', 'address', 'created_at', 'last_active_at', 'expires_at', 'revoked_at', 'ended_reason'])
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },

    /** Every sign-in and refused login code kept (LOGIN_RECORD_DAYS until pruned), newest first. */
    async loginEvents(userId: string, trx: Executor = db) {
      return trx
        .selectFrom('login_events')
        .select(['at', 'result', 'method', 'device', 'client_kind', 'client_name', 'region', 'address'])
        .where('user_id', '=', userId)
        .orderBy('at', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },

    async pointsBalance(userId: string, trx: Executor = db): Promise<number> {
      const row = await trx.selectFrom('points_balances').select('balance').where('user_id', '=', userId).executeTakeFirst();
      return row ? Number(row.balance) : 0;
    },

    async pointsEntries(userId: string, trx: Executor = db) {
      return trx
        .selectFrom('points_entries')
        .select(['amount', 'reason', 'created_at', 'expires_at'])
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },

    async vouchers(userId: string, trx: Executor = db) {
      return trx
        .selectFrom('vouchers')
        .select(['name', 'source', 'granted_at', 'expires_at'])
        .where('user_id', '=', userId)
        .orderBy('granted_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },

    async draws(userId: string, trx: Executor = db) {
      return trx
        .selectFrom('draws')
        .select(['prize_name', 'points', 'cost', 'created_at'])
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },

    /** The codes this account redeemed, with their campaign's name (the code itself is only a keyed hash). */
    async redeemedCodes(userId: string, trx: Executor = db) {
      return trx
        .selectFrom('redeem_codes')
        .innerJoin('redeem_batches', 'redeem_batches.id', 'redeem_codes.batch_id')
        .select(['redeem_batches.name as campaign', 'redeem_codes.redeemed_at'])
        .where('redeem_codes.redeemed_by', '=', userId)
        .orderBy('redeem_codes.redeemed_at', 'desc')
        .orderBy('redeem_codes.code_hash')
        .execute();
    },

    /** When this account claimed the new-user gift (one claim per person: gift_claims' key is the person). */
    async giftClaimedAt(userId: string, trx: Executor = db): Promise<number | null> {
      const row = await trx.selectFrom('gift_claims').select('claimed_at').where('user_id', '=', userId).orderBy('claimed_at').executeTakeFirst();
      return row ? Number(row.claimed_at) : null;
    },

    /** Invitation rewards this account is part of, as inviter or as the invited one; the other side unnamed. */
    async inviteRewards(userId: string, trx: Executor = db) {
      const rows = await trx
        .selectFrom('invite_rewards')
        .select(['inviter_id', 'points', 'at'])
        .where((eb) => eb.or([eb('inviter_id', '=', userId), eb('invitee_id', '=', userId)]))
        .orderBy('at', 'desc')
        .orderBy('invitee_person_key')
        .execute();
      return rows.map((row) => ({ role: row.inviter_id === userId ? ('inviter' as const) : ('invitee' as const), points: row.points, at: row.at }));
    },

    async messages(userId: string, trx: Executor = db) {
      return trx
        .selectFrom('messages')
        .select(['kind', 'title', 'body', 'created_at', 'read_at'])
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },

    /** The notice watermark (notice_reads): every notice published up to it counts as read. */
    async noticesReadThrough(userId: string, trx: Executor = db): Promise<number | null> {
      const row = await trx.selectFrom('notice_reads').select('read_through').where('user_id', '=', userId).executeTakeFirst();
      return row ? Number(row.read_through) : null;
    },

    /** Notices past the watermark read one by one (notice_item_reads), by their titles, the latest read first. */
    async noticesRead(userId: string, trx: Executor = db) {
      return trx
        .selectFrom('notice_item_reads')
        .innerJoin('content_items', 'content_items.id', 'notice_item_reads.notice_id')
        .select(['content_items.title', 'notice_item_reads.read_at'])
        .where('notice_item_reads.user_id', '=', userId)
        .orderBy('notice_item_reads.read_at', 'desc')
        .orderBy('notice_item_reads.notice_id', 'desc')
        .execute();
    },

    async questions(userId: string, trx: Executor = db) {
      return trx
        .selectFrom('help_questions')
        .select(['text', 'created_at', 'answer', 'answered_at'])
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },

    /**
     * The points, vouchers and questions deregistration would take, at `now`, in one statement as `summary`.
     * Points are summed from the unexpired lots rather than read from the balance row: expired points are
     * written off only when their owner next looks or spends, and daily (rewards-module.ts), so the row may
     * still count points that are already lost; the lots give what 我的积分 would show now. Vouchers count
     * while they can be used (exchange.ts voucherView: valid until `expires_at`); questions while unanswered.
     */
    async heldToLose(userId: string, now: number, trx: Executor = db): Promise<HeldToLose> {
      const { rows } = await sql<Record<string, unknown>>`
        select
          (select sum(remaining) from points_entries
            where user_id = ${userId} and remaining > 0 and (expires_at is null or expires_at > ${now})) as points,
          (select count(*) from vouchers where user_id = ${userId} and expires_at > ${now}) as usable_vouchers,
          (select count(*) from help_questions where user_id = ${userId} and answered_at is null) as open_questions
      `.execute(trx);
      const row = rows[0] ?? {};
      return { points: count(row.points), usableVouchers: count(row.usable_vouchers), openQuestions: count(row.open_questions) };
    },

    /**
     * Counts and latest times of the account's rows, in one statement of scalar subqueries without a FROM
     * (both engines take it): the collected list is opened far more often than a copy is made, and shows
     * no row itself. Each subquery is the account's own, by the same columns as the readers above.
     */
    async summary(userId: string, now: number, trx: Executor = db): Promise<HoldingsSummary> {
      const { rows } = await sql<Record<string, unknown>>`
        select
          (select count(*) from sessions where user_id = ${userId} and revoked_at is null and expires_at > ${now}) as live_sessions,
          (select count(*) from sessions where user_id = ${userId}) as sessions,
          (select max(created_at) from sessions where user_id = ${userId}) as last_session_at,
          (select device from sessions where user_id = ${userId} order by created_at desc, id desc limit 1) as last_device,
          (select client_name from sessions where user_id = ${userId} order by created_at desc, id desc limit 1) as last_client_name,
          (select count(*) from login_events where user_id = ${userId} and result = 'success') as sign_ins,
          (select count(*) from login_events where user_id = ${userId} and result <> 'success') as refused_sign_ins,
          (select max(at) from login_events where user_id = ${userId}) as last_sign_in_at,
          (select balance from points_balances where user_id = ${userId}) as points_balance,
          (select count(*) from points_entries where user_id = ${userId}) as points_entries,
          (select max(created_at) from points_entries where user_id = ${userId}) as last_points_at,
          (select count(*) from vouchers where user_id = ${userId}) as vouchers,
          (select max(granted_at) from vouchers where user_id = ${userId}) as last_voucher_at,
          (select count(*) from draws where user_id = ${userId}) as draws,
          (select max(created_at) from draws where user_id = ${userId}) as last_draw_at,
          (select count(*) from redeem_codes where redeemed_by = ${userId}) as redeemed_codes,
          (select max(redeemed_at) from redeem_codes where redeemed_by = ${userId}) as last_redeemed_at,
          (select min(claimed_at) from gift_claims where user_id = ${userId}) as gift_claimed_at,
          (select count(*) from invite_rewards where inviter_id = ${userId} or invitee_id = ${userId}) as invite_rewards,
          (select max(at) from invite_rewards where inviter_id = ${userId} or invitee_id = ${userId}) as last_invite_reward_at,
          (select count(*) from messages where user_id = ${userId}) as messages,
          (select count(*) from messages where user_id = ${userId} and read_at is null) as unread_messages,
          (select max(created_at) from messages where user_id = ${userId}) as last_message_at,
          (select read_through from notice_reads where user_id = ${userId}) as notices_read_through,
          (select count(*) from notice_item_reads where user_id = ${userId}) as notices_read,
          (select max(read_at) from notice_item_reads where user_id = ${userId}) as last_notice_read_at,
          (select count(*) from help_questions where user_id = ${userId}) as questions,
          (select count(*) from help_questions where user_id = ${userId} and answered_at is not null) as answered_questions,
          (select max(created_at) from help_questions where user_id = ${userId}) as last_question_at
      `.execute(trx);
      const row = rows[0] ?? {};
      return {
        liveSessions: count(row.live_sessions),
        sessions: count(row.sessions),
        lastSessionAt: time(row.last_session_at),
        lastDevice: typeof row.last_device === 'string' ? `${row.last_device} · ${String(row.last_client_name)}` : null,
        signIns: count(row.sign_ins),
        refusedSignIns: count(row.refused_sign_ins),
        lastSignInAt: time(row.last_sign_in_at),
        pointsBalance: count(row.points_balance),
        pointsEntries: count(row.points_entries),
        lastPointsAt: time(row.last_points_at),
        vouchers: count(row.vouchers),
        lastVoucherAt: time(row.last_voucher_at),
        draws: count(row.draws),
        lastDrawAt: time(row.last_draw_at),
        redeemedCodes: count(row.redeemed_codes),
        lastRedeemedAt: time(row.last_redeemed_at),
        giftClaimedAt: time(row.gift_claimed_at),
        inviteRewards: count(row.invite_rewards),
        lastInviteRewardAt: time(row.last_invite_reward_at),
        messages: count(row.messages),
        unreadMessages: count(row.unread_messages),
        lastMessageAt: time(row.last_message_at),
        noticesReadThrough: time(row.notices_read_through),
        noticesRead: count(row.notices_read),
        lastNoticeReadAt: time(row.last_notice_read_at),
        questions: count(row.questions),
        answeredQuestions: count(row.answered_questions),
        lastQuestionAt: time(row.last_question_at),
      };
    },
  };
}

export type PersonalDataRepository = ReturnType<typeof createPersonalDataRepository>;
