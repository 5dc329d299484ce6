// Account profiles: the invite code of each account and who invited it.
import type { Kysely } from 'kysely';
import type { Executor } from '../../db/executor.js';
import type { Database, UserProfilesTable } from '../../db/schema.js';
import { consentFactsOf, consentFactsSelect, type ConsentFacts } from './consents-repository.js';

export interface Profile {
  userId: string;
  inviteCode: string;
  invitedBy: string | null;
  createdAt: number;
}

export interface ProfilesRepository {
  /** Inserts a profile; false when the invite code is taken (the caller draws another) or the profile exists. */
  tryCreate(input: { userId: string; inviteCode: string; invitedBy: string | null; now: number }, trx?: Executor): Promise<boolean>;
  findByUserId(userId: string, trx?: Executor): Promise<Profile | undefined>;
  findByInviteCode(inviteCode: string, trx?: Executor): Promise<Profile | undefined>;
  /**
   * The profile (undefined when the account has none yet) with the consent facts for `version`, in one
   * statement: user-detail-v1 answers with both on every visit of 我的 (the consent facts' one-row select
   * left joined to the profile).
   */
  findWithConsent(userId: string, version: string, trx?: Executor): Promise<{ profile: Profile | undefined; consent: ConsentFacts }>;
  /** The profiles of the accounts one account invited, newest first, strictly before the (at, id) cursor. */
  listInvitees(inviterId: string, before: { at: number; id: string } | undefined, limit: number): Promise<Profile[]>;
}

const toProfile = (row: UserProfilesTable): Profile => ({
  userId: row.user_id,
  inviteCode: row.invite_code,
  invitedBy: row.invited_by,
  createdAt: row.created_at,
});

export function createProfilesRepository(db: Kysely<Database>): ProfilesRepository {
  return {
    async tryCreate({ userId, inviteCode, invitedBy, now }, trx = db) {
      // ON CONFLICT DO NOTHING on both engines: a taken code or an existing profile is not an error here,
      // and does not abort a surrounding PostgreSQL transaction.
      const result = await trx
        .insertInto('user_profiles')
        .values({ user_id: userId, invite_code: inviteCode, invited_by: invitedBy, created_at: now })
        .onConflict((oc) => oc.doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
    },
    async findByUserId(userId, trx = db) {
      const row = await trx.selectFrom('user_profiles').selectAll().where('user_id', '=', userId).executeTakeFirst();
      return row && toProfile(row);
    },
    async findByInviteCode(inviteCode, trx = db) {
      const row = await trx.selectFrom('user_profiles').selectAll().where('invite_code', '=', inviteCode).executeTakeFirst();
      return row && toProfile(row);
    },
    async findWithConsent(userId, version, trx = db) {
      const row = await trx
        .selectFrom(consentFactsSelect(trx, userId, version).as('c'))
        .leftJoin('user_profiles', (join) => join.on('user_profiles.user_id', '=', userId))
        .selectAll('c')
        .select(['user_profiles.user_id', 'user_profiles.invite_code', 'user_profiles.invited_by', 'user_profiles.created_at'])
        .executeTakeFirstOrThrow();
      const profile =
        row.user_id === null || row.invite_code === null || row.created_at === null
          ? undefined
          : toProfile({ user_id: row.user_id, invite_code: row.invite_code, invited_by: row.invited_by, created_at: row.created_at });
      return { profile, consent: consentFactsOf(row) };
    },
    async listInvitees(inviterId, before, limit) {
      let query = db.selectFrom('user_profiles').selectAll().where('invited_by', '=', inviterId);
      if (before)
        query = query.where((eb) => eb.or([eb('created_at', '<', before.at), eb.and([eb('created_at', '=', before.at), eb('user_id', '<', before.id)])]));
      const rows = await query.orderBy('created_at', 'desc').orderBy('user_id', 'desc').limit(limit).execute();
      return rows.map(toProfile);
    },
  };
}
