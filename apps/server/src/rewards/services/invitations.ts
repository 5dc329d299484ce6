// Invitations (docs/api.md "Invitations"): an account registered with someone's invite code earns that
// inviter INVITE_REWARD_POINTS once both are verified people and not the same person. Paid when the second
// of the two is verified, so the order does not matter; an unverified inviter cannot collect for a second
// account of their own, since the inviter's person is known before anything is paid. Once per real person:
// invite_rewards is keyed by the invitee's person key.
//
// What is owed to the inviter belongs to the inviter: the invitee's verification writes an `invite-reward`
// event for the inviter's account in its own transaction (rewards-module.ts, identity's whenVerified), with
// the invitee's person key, so the reward is paid even when the invitee deregisters before it is delivered
// (the invitee's own events go with the invitee's account). The verified account's own `identity-verified`
// event pays what it earned as an inviter while it was unverified.
import type { Invitee } from '../../account/account-module.js';
import type { Outbox } from '../../outbox/outbox.js';
import type { InviteRewardsRepository } from '../repositories/invite-rewards-repository.js';
import type { PointsLedger } from './points-ledger.js';

declare module '../../outbox/outbox.js' {
  interface OutboxTopics {
    /** The event's account (the inviter) is owed the reward for this invitee, verified at `verifiedAt`. */
    'invite-reward': { inviteeId: string; inviteePersonKey: string; verifiedAt: number };
  }
}

const SCAN_PAGE = 100;

export interface InvitationsDeps {
  /** The reward's transaction, whose message is delivered once it committed (outbox/outbox.ts). */
  outbox: Pick<Outbox, 'transaction'>;
  ledger: PointsLedger;
  rewards: InviteRewardsRepository;
  personKey(userId: string): Promise<string | null>;
  inviterOf(userId: string): Promise<string | null>;
  inviteesOf(inviterId: string, before: { at: number; id: string } | undefined, limit: number): Promise<Invitee[]>;
  rules: { inviteRewardPoints: number };
}

/** An invited account and the verified person behind it (null: not verified). */
export interface VerifiedInvitee {
  userId: string;
  personKey: string | null;
}

export interface Invitations {
  /** What an inviter earns per invited person (INVITE_REWARD_POINTS). */
  readonly rewardPoints: number;
  /** An invitee's verification, as the inviter's `invite-reward` event tells it: pays the inviter if verified meanwhile. */
  onInviteeVerified(inviterId: string, invitee: VerifiedInvitee, now: number): Promise<void>;
  /**
   * The verified event of an account: pays what it earned as an inviter while unverified; with `ownInviter`
   * also its own inviter (an event written before verifications wrote `invite-reward`).
   */
  onVerified(userId: string, now: number, opts?: { ownInviter?: boolean }): Promise<void>;
  /** A page of the account's invitees with where each stands, and the totals. */
  page(
    inviterId: string,
    before: { at: number; id: string } | undefined,
    limit: number,
  ): Promise<{
    invitees: Array<Invitee & { state: 'registered' | 'verified' | 'rewarded' }>;
    rewarded: number;
    points: number;
  }>;
}

export function createInvitations(deps: InvitationsDeps): Invitations {
  const points = deps.rules.inviteRewardPoints;

  /** Pays the inviter for the invitee when both are verified, different people, and the invitee's person earned nothing yet. */
  async function pay(inviterId: string, invitee: VerifiedInvitee, now: number): Promise<void> {
    const inviterKey = await deps.personKey(inviterId);
    const inviteeKey = invitee.personKey;
    if (inviterKey === null || inviteeKey === null || inviterKey === inviteeKey) return;
    // The reward, its once-per-person claim and the inviter's message in one transaction (the outbox).
    await deps.outbox.transaction(async (trx, emit) => {
      if (!(await deps.rewards.claim({ inviteePersonKey: inviteeKey, inviteeId: invitee.userId, inviterId, points, now }, trx))) return;
      await deps.ledger.credit({ userId: inviterId, amount: points, reason: 'invite-reward', key: `invite:${inviteeKey}`, now }, trx);
      const message = {
        kind: 'rewards',
        title: '邀请奖励已到账',
        body: `您邀请的好友已完成实名认证，${points}积分已存入您的账户。`,
        link: '/activity/points',
        dedupeKey: `invite:${inviteeKey}`,
      } as const;
      await emit('message', message, inviterId);
    });
  }
  const verified = async (userId: string): Promise<VerifiedInvitee> => ({ userId, personKey: await deps.personKey(userId) });

  return {
    rewardPoints: points,
    onInviteeVerified: pay,
    async onVerified(userId, now, opts = {}) {
      if (opts.ownInviter) {
        const inviter = await deps.inviterOf(userId);
        if (inviter !== null) await pay(inviter, await verified(userId), now);
      }
      // Invitees verified before this account was: their rewards waited for this moment.
      let before: { at: number; id: string } | undefined;
      for (;;) {
        const invitees = await deps.inviteesOf(userId, before, SCAN_PAGE);
        const rewarded = await deps.rewards.rewardedAmong(
          userId,
          invitees.map((invitee) => invitee.userId),
        );
        for (const invitee of invitees) if (!rewarded.has(invitee.userId)) await pay(userId, await verified(invitee.userId), now);
        const last = invitees[invitees.length - 1];
        if (invitees.length < SCAN_PAGE || !last) break;
        before = { at: last.registeredAt, id: last.userId };
      }
    },
    async page(inviterId, before, limit) {
      const invitees = await deps.inviteesOf(inviterId, before, limit);
      const rewarded = await deps.rewards.rewardedAmong(
        inviterId,
        invitees.map((invitee) => invitee.userId),
      );
      const states = await Promise.all(
        invitees.map(async (invitee) => ({
          ...invitee,
          state: rewarded.has(invitee.userId)
            ? ('rewarded' as const)
            : (await deps.personKey(invitee.userId)) !== null
              ? ('verified' as const)
              : ('registered' as const),
        })),
      );
      return { invitees: states, ...(await deps.rewards.totals(inviterId)) };
    },
  };
}
