// Invitation rewards (docs/api.md "Invitations"): one row per invited real person. The primary key on the
// invitee's person key makes the database refuse a second reward for the same person, whatever accounts
// they open and whoever invited them.
import type { Kysely } from 'kysely';
import type { Executor } from '../../db/executor.js';
import type { Database } from '../../db/schema.js';

export interface InviteRewardsRepository {
  /** Records the reward; false when this person already earned one for someone (nothing changes). */
  claim(input: { inviteePersonKey: string; inviteeId: string; inviterId: string; points: number; now: number }, trx: Executor): Promise<boolean>;
  /** Which of these accounts earned their inviter a reward. */
  rewardedAmong(inviterId: string, inviteeIds: string[]): Promise<Set<string>>;
  /** How many invitations rewarded this inviter, and the points they brought. */
  totals(inviterId: string): Promise<{ rewarded: number; points: number }>;
}

export function createInviteRewardsRepository(db: Kysely<Database>): InviteRewardsRepository {
  return {
    async claim({ inviteePersonKey, inviteeId, inviterId, points, now }, trx) {
      const result = await trx
        .insertInto('invite_rewards')
        .values({ invitee_person_key: inviteePersonKey, invitee_id: inviteeId, inviter_id: inviterId, points, at: now })
        .onConflict((oc) => oc.column('invitee_person_key').doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
    },
    async rewardedAmong(inviterId, inviteeIds) {
      if (inviteeIds.length === 0) return new Set();
      const rows = await db
        .selectFrom('invite_rewards')
        .select('invitee_id')
        .where('inviter_id', '=', inviterId)
        .where('invitee_id', 'in', inviteeIds)
        .execute();
      return new Set(rows.map((row) => row.invitee_id));
    },
    async totals(inviterId) {
      const row = await db
        .selectFrom('invite_rewards')
        .select((eb) => [eb.fn.countAll<number | string>().as('n'), eb.fn.sum<number | string | null>('points').as('p')])
        .where('inviter_id', '=', inviterId)
        .executeTakeFirst();
      return { rewarded: Number(row?.n ?? 0), points: Number(row?.p ?? 0) };
    },
  };
}
