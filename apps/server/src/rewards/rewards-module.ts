// The rewards capability's services (SPEC §1 points, the lucky draw and invite codes; docs/architecture.md
// "Modules"): the points ledger and the lucky draw over their repositories, vouchers, invitations (paid on
// the identity module's verified event), and the daily write-off of expired points. Its routes are
// registered apart, behind the pipeline (rewards-routes.ts).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { inviteesOf, inviterOf } from '../account/account-module.js';
import type { RewardsConfig, Secrets } from '../config/index.js';
import { requireVerifiedIdentity } from '../identity/identity-module.js';
import type { DatabaseHandle } from '../db/connect.js';
import { deriveKey } from '../lib/derived-keys.js';
import type { Outbox } from '../outbox/outbox.js';
import { createListCursors, DEFAULT_PAGE_SIZE, type ListCursors } from '../lib/list-cursor.js';
import { createDrawsRepository } from './repositories/draws-repository.js';
import { createGiftClaimsRepository } from './repositories/gift-claims-repository.js';
import { createGiftContentsRepository, type GiftContentsRepository } from './repositories/gift-contents-repository.js';
import { createInviteRewardsRepository } from './repositories/invite-rewards-repository.js';
import { createPointsRepository, type PointsEntry, type PointsRepository } from './repositories/points-repository.js';
import { createPrizesRepository, type PrizesRepository } from './repositories/prizes-repository.js';
import { createRedeemCodesRepository } from './repositories/redeem-codes-repository.js';
import { createRewardChangesRepository } from './repositories/reward-changes-repository.js';
import { createRewardItemsRepository, type RewardItemsRepository } from './repositories/reward-items-repository.js';
import { createVouchersRepository, type VouchersRepository } from './repositories/vouchers-repository.js';
import { createInvitations, type Invitations } from './services/invitations.js';
import { createLuckyDraw, type LuckyDraw } from './services/lucky-draw.js';
import { createNewUserGift, type NewUserGift } from './services/new-user-gift.js';
import { createPointsLedger, type PointsLedger } from './services/points-ledger.js';
import { createVoucherGrants, type VoucherGrants } from './services/voucher-grants.js';
import { createExchange, type Exchange } from './services/exchange.js';
import { createRedeemBatches, createRedeeming, type Redeeming } from './services/redeem-codes.js';
import { createRewardsOperations, type RewardsOperations } from './services/rewards-operations.js';
import { createOperatorGrants, type OperatorGrants } from './services/operator-grants.js';

/**
 * The redeem codes' HMAC key (services/redeem-codes.ts). Rooted in the phone hash key because that secret
 * is of the same kind: the key of stored lookup hashes, which must stay put as long as what was hashed
 * under it is in use (docs/operations.md "Derived keys"), present in every environment, and resolved by the admin
 * command too, which issues codes outside the server. HKDF with its own purpose keeps the uses apart
 * (lib/derived-keys.ts), so neither hash says anything about the other.
 */
const redeemCodesKey = (secrets: Pick<Secrets, 'phoneHashKey'>) => deriveKey(secrets.phoneHashKey, 'redeem-codes');

/** What operators change (prizes, items, redeem batches, the gift), checked in one place for the admin command and /ops. */
function createOperations(db: DatabaseHandle['db'], secrets: Pick<Secrets, 'phoneHashKey'>): RewardsOperations {
  const codes = createRedeemCodesRepository(db);
  return createRewardsOperations({
    prizes: createPrizesRepository(db),
    items: createRewardItemsRepository(db),
    giftContents: createGiftContentsRepository(db),
    codes,
    batches: createRedeemBatches({ db, codes, key: redeemCodesKey(secrets) }),
    changes: createRewardChangesRepository(db),
  });
}

/**
 * The ledger, the catalogue, grants and the operators' changes over a database handle, for the admin
 * command (admin/rewards-cli.ts); a grant's message goes through the command's outbox, which delivers it
 * at once or leaves it to a server's worker.
 */
export function createRewardsAdmin(
  db: DatabaseHandle['db'],
  rules: Pick<RewardsConfig, 'pointsValidDays'>,
  secrets: Pick<Secrets, 'phoneHashKey'>,
  outbox: Pick<Outbox, 'transaction'>,
) {
  const repositories = adminRepositories(db, rules);
  const changes = createRewardChangesRepository(db);
  return {
    ...repositories,
    operations: createOperations(db, secrets),
    changes,
    grants: createOperatorGrants({ outbox, ledger: repositories.ledger, points: repositories.points, changes }),
  };
}

function adminRepositories(db: DatabaseHandle['db'], rules: Pick<RewardsConfig, 'pointsValidDays'>) {
  const points = createPointsRepository(db);
  return {
    db,
    points,
    prizes: createPrizesRepository(db),
    items: createRewardItemsRepository(db),
    giftContents: createGiftContentsRepository(db),
    giftClaims: createGiftClaimsRepository(db),
    ledger: createPointsLedger({ points, validDays: rules.pointsValidDays }),
  };
}

export interface Rewards {
  ledger: PointsLedger;
  luckyDraw: LuckyDraw;
  points: PointsRepository;
  prizes: PrizesRepository;
  items: RewardItemsRepository;
  vouchers: VouchersRepository;
  voucherGrants: VoucherGrants;
  giftContents: GiftContentsRepository;
  /** Points for vouchers, and the user's vouchers (docs/api.md "Vouchers and exchange"). */
  exchange: Exchange;
  /** Redeem codes (docs/api.md "Redeem codes"). */
  redeeming: Redeeming;
  /** Operators' changes (docs/api.md "Rewards operations"). */
  operations: RewardsOperations;
  /** Operators' grants of points, from /ops (services/operator-grants.ts). */
  grants: OperatorGrants;
  newUserGift: NewUserGift;
  invitations: Invitations;
  /** The rewards lists' cursors (lib/list-cursor.ts), for my-invitees' route. */
  cursors: ListCursors;
  /** The balance, the points expiring next and a page of the ledger, newest first. */
  pointsPage(
    userId: string,
    cursor: string | undefined,
    now: number,
  ): Promise<{
    balance: number;
    expiring: { points: number; at: number } | null;
    items: PointsEntry[];
    nextCursor: string | null;
  }>;
}

declare module 'fastify' {
  interface FastifyInstance {
    rewards: Rewards;
  }
}

const DAY_MS = 24 * 60 * 60 * 1000;
const EXPIRY_BATCH = 500;

export default fp(
  async (fastify: FastifyInstance, opts: { rewards: RewardsConfig; secrets: Pick<Secrets, 'phoneHashKey' | 'cookieSecret'> }) => {
    const db = fastify.database.db;
    const cursors = createListCursors(opts.secrets.cookieSecret);
    const points = createPointsRepository(db);
    const prizes = createPrizesRepository(db);
    const draws = createDrawsRepository(db);
    const items = createRewardItemsRepository(db);
    const vouchers = createVouchersRepository(db);
    const voucherGrants = createVoucherGrants({ items, vouchers });
    const ledger = createPointsLedger({ points, validDays: opts.rewards.pointsValidDays, recorder: fastify.instruments.points });
    const invitations = createInvitations({
      outbox: fastify.outbox,
      ledger,
      rewards: createInviteRewardsRepository(db),
      personKey: (userId) => fastify.identity.personKey(userId),
      inviterOf: (userId) => inviterOf(fastify.accounts, userId),
      inviteesOf: (inviterId, before, limit) => inviteesOf(fastify.accounts, inviterId, before, limit),
      rules: opts.rewards,
    });
    // Paid from events written with the verification (the outbox), so a payment that fails is retried until
    // it goes through, once per person (invite_rewards). The invitee's verification owes its inviter: that
    // event is the inviter's (an account's undelivered events go with it at deregistration), and carries the
    // invitee's person key, since the invitee may be gone by the time it is delivered.
    fastify.identity.whenVerified(async ({ userId, now, trx, emit }) => {
      const inviterId = await inviterOf(fastify.accounts, userId, trx);
      const personKey = await fastify.identity.personKey(userId, trx);
      if (inviterId === null || personKey === null) return;
      await emit('invite-reward', { inviteeId: userId, inviteePersonKey: personKey, verifiedAt: now }, inviterId);
    });
    fastify.outbox.on('invite-reward', async ({ inviteeId, inviteePersonKey, verifiedAt }, delivery) => {
      if (delivery.userId === null) throw new Error('an invite-reward event without an account');
      await invitations.onInviteeVerified(delivery.userId, { userId: inviteeId, personKey: inviteePersonKey }, verifiedAt);
    });
    // The verified account's own event: what it earned as an inviter while unverified. One written before
    // verifications wrote invite-reward (no withHooks) also pays its own inviter, as it did then.
    fastify.outbox.on('identity-verified', async ({ verifiedAt, withHooks }, delivery) => {
      if (delivery.userId === null) throw new Error('an identity-verified event without an account');
      await invitations.onVerified(delivery.userId, verifiedAt, { ownInviter: withHooks !== true });
    });
    const giftContents = createGiftContentsRepository(db);
    const newUserGift = createNewUserGift({
      claims: createGiftClaimsRepository(db),
      contents: giftContents,
      items,
      ledger,
      voucherGrants,
      personKey: (userId) => fastify.identity.personKey(userId),
      requireVerified: (userId) => requireVerifiedIdentity(fastify, userId),
      outbox: fastify.outbox,
      rules: opts.rewards,
    });
    const luckyDraw = createLuckyDraw({ db, points, prizes, draws, ledger, rules: opts.rewards, outbox: fastify.outbox, cursors });
    const exchange = createExchange({ db, items, vouchers, voucherGrants, points, ledger, cursors });
    const redeeming = createRedeeming({
      db,
      codes: createRedeemCodesRepository(db),
      key: redeemCodesKey(opts.secrets),
      ledger,
      points,
      vouchers,
      voucherGrants,
      kv: fastify.kv,
      limits: { perUserPerHour: opts.rewards.redeemUserFailuresPerHour, perAddressPerHour: opts.rewards.redeemAddressFailuresPerHour },
      outbox: fastify.outbox,
    });

    fastify.decorate('rewards', {
      ledger,
      grants: createOperatorGrants({ outbox: fastify.outbox, ledger, points, changes: createRewardChangesRepository(db) }),
      luckyDraw,
      points,
      prizes,
      items,
      vouchers,
      voucherGrants,
      exchange,
      redeeming,
      operations: createOperations(db, opts.secrets),
      giftContents,
      newUserGift,
      invitations,
      cursors,
      async pointsPage(userId, cursor, now) {
        // The write-off's transaction only when a lot has run out (services/lucky-draw.ts info says why).
        const expiring = (await ledger.hasExpired(userId, now))
          ? await db.transaction().execute(async (trx) => {
              await ledger.expire(userId, now, trx);
              return ledger.nextExpiry(userId, now, trx);
            })
          : await ledger.nextExpiry(userId, now, db);
        const list = `points:${userId}`;
        const rows = await points.list(userId, cursors.decode(cursor, list), DEFAULT_PAGE_SIZE + 1);
        const page = cursors.pageOf(rows, DEFAULT_PAGE_SIZE, list, (entry) => ({ at: entry.at, id: entry.id }));
        return { balance: await points.balance(userId), expiring, items: page.rows, nextCursor: page.nextCursor };
      },
    } satisfies Rewards);

    // Expired points are written off when their owner next looks or spends, and daily for everyone (so
    // the ledger shows the write-off on its day): in bounded batches.
    const expireAll = async () => {
      try {
        const now = fastify.clock();
        let written = 0;
        for (;;) {
          const users = await points.usersWithExpiredLots(now, EXPIRY_BATCH);
          for (const userId of users) written += await db.transaction().execute((trx) => ledger.expire(userId, now, trx));
          if (users.length < EXPIRY_BATCH) break;
        }
        if (written > 0) fastify.log.info({ points: written }, 'expired points written off');
      } catch (error) {
        fastify.log.error({ err: error }, 'writing off expired points failed');
      }
    };
    const timer = setInterval(() => void expireAll(), DAY_MS);
    timer.unref();
    fastify.addHook('onReady', expireAll);
    fastify.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'rewards', fastify: '5.x', dependencies: ['instruments', 'database', 'clock', 'kv', 'accounts', 'content', 'identity', 'outbox'] },
);
