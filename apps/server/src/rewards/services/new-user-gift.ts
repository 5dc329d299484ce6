// The new-user gift (SPEC §1, §2 /cloudSteward/index; docs/api.md "New-user gift"): the package operators
// set (gift_contents: points or one voucher a line) goes to a verified person once, within
// NEW_USER_GIFT_DAYS of the account's registration. Once per person, not per account: the claim is keyed
// by identity's person key, so a second account of the same person, or the same person registered again
// after deregistering, gets nothing (gift_claims outlives the account on purpose). The claim and every
// line are written in one transaction: a voucher out of stock undoes the whole claim.
import { CODE, DAY_MS, SUBCODE, type GiftLineView, type GiftState } from '@tyd/protocol';
import type { MessageInput } from '../../content/content-module.js';
import type { Executor } from '../../db/executor.js';
import type { Outbox } from '../../outbox/outbox.js';
import { ApiError } from '../../http/api-error.js';
import type { GiftContentsRepository, GiftLine } from '../repositories/gift-contents-repository.js';
import { giftLineKey, type GiftClaim, type GiftClaimsRepository, type GivenLine } from '../repositories/gift-claims-repository.js';
import type { RewardItemsRepository } from '../repositories/reward-items-repository.js';
import type { PointsLedger } from './points-ledger.js';
import { ItemUnavailable, type VoucherGrants } from './voucher-grants.js';

export interface NewUserGiftDeps {
  claims: GiftClaimsRepository;
  contents: GiftContentsRepository;
  items: RewardItemsRepository;
  ledger: PointsLedger;
  voucherGrants: VoucherGrants;
  /** The verified person's key (identity), or null when the account is not verified. */
  personKey(userId: string): Promise<string | null>;
  /** Throws 403/4611 when the account is not verified (identity's requireVerifiedIdentity). */
  requireVerified(userId: string): Promise<unknown>;
  /** The claim's transaction, whose message is delivered once it committed (outbox/outbox.ts). */
  outbox: Pick<Outbox, 'transaction'>;
  rules: { newUserGiftDays: number; pointsValidDays: number };
}

/** The account as the gift sees it: who, and when it registered (users.created_at). */
export interface GiftAccount {
  id: string;
  createdAt: number;
}

export interface GiftInfo {
  state: GiftState;
  contents: GiftLineView[];
  /** Null without an account (the window counts from registration). */
  deadline: number | null;
  windowDays: number;
  claimedAt: number | null;
  claimedElsewhere: boolean;
  pointsValidDays: number;
}

export interface GiftClaimResult {
  claimedAt: number;
  contents: GiftLineView[];
  repeated: boolean;
}

const givenView = (line: GivenLine): GiftLineView =>
  'points' in line
    ? { kind: 'points', points: line.points }
    : {
        kind: 'voucher',
        itemId: line.voucher.itemId,
        name: line.voucher.name,
        description: line.voucher.description,
        validDays: Math.round((line.voucher.expiresAt - line.voucher.grantedAt) / DAY_MS),
      };

/** The message of a claim: what arrived and where to find it. */
function claimedMessage(contents: GiftLineView[]): MessageInput {
  const names = contents.map((line) => (line.kind === 'points' ? `${line.points}积分` : line.name)).join('、');
  const hasVoucher = contents.some((line) => line.kind === 'voucher');
  const where = [contents.some((line) => line.kind === 'points') ? '积分可在“我的积分”查看' : '', hasVoucher ? '卡券可在“积分兑换”的“我的卡券”查看' : '']
    .filter(Boolean)
    .join('，');
  const body = `您领取的新人礼（${names}）已发放到账户。${where}。`;
  return {
    kind: 'rewards',
    title: '新人礼已到账',
    // At most 10 lines of at most 40 characters fit; a longer text is never cut mid-name.
    body: body.length <= 500 ? body : `您领取的新人礼已发放到账户。${where}。`,
    link: hasVoucher ? '/activity-exchange' : '/activity/points',
    dedupeKey: 'new-user-gift',
  };
}

export function createNewUserGift(deps: NewUserGiftDeps) {
  const { claims, rules } = deps;
  const deadlineOf = (account: GiftAccount) => account.createdAt + rules.newUserGiftDays * DAY_MS;

  /** The package as offered now; a line whose item is gone is left out (its claim would answer 4816). */
  async function offered(lines: GiftLine[]): Promise<GiftLineView[]> {
    const views: GiftLineView[] = [];
    for (const line of lines) {
      if (line.itemId === null) {
        views.push({ kind: 'points', points: line.points });
        continue;
      }
      const item = await deps.items.find(line.itemId);
      if (item) views.push({ kind: 'voucher', itemId: item.id, name: item.name, description: item.description, validDays: item.validDays });
    }
    return views;
  }

  async function answer(claim: GiftClaim, repeated: boolean): Promise<GiftClaimResult> {
    return { claimedAt: claim.claimedAt, contents: (await claims.given(claim.userId)).map(givenView), repeated };
  }

  /** Gives every line under the person's line keys, in the caller's transaction; an item out of stock throws 4816. */
  async function give(userId: string, personKey: string, lines: GiftLine[], now: number, trx: Executor): Promise<void> {
    // Points first, whatever the package's order: every rewards transaction takes the balance row before
    // an item's stock row (an exchange debits, then takes stock), so two of them never wait on each other
    // in opposite orders (a deadlock on PostgreSQL). Each line keeps its own key, from its position.
    const ordered = [...lines.entries()].sort(([, a], [, b]) => Number(a.itemId !== null) - Number(b.itemId !== null));
    for (const [index, line] of ordered) {
      const key = giftLineKey(personKey, index + 1);
      if (line.itemId === null) {
        await deps.ledger.credit({ userId, amount: line.points, reason: 'new-user-gift', key, now }, trx);
        continue;
      }
      try {
        await deps.voucherGrants.grant({ userId, itemId: line.itemId, source: 'new-user-gift', key, now }, trx);
      } catch (error) {
        if (error instanceof ItemUnavailable) throw new ApiError(CODE.CONFLICT, SUBCODE.GIFT_ITEM_UNAVAILABLE, { data: { itemId: line.itemId } });
        throw error;
      }
    }
  }

  return {
    /** The gift as a visitor without a session sees it: what it holds and the rules, to register for. */
    async offer(): Promise<GiftInfo> {
      const contents = await offered(await deps.contents.list());
      return {
        state: contents.length === 0 ? 'closed' : 'needs-login',
        contents,
        deadline: null,
        windowDays: rules.newUserGiftDays,
        pointsValidDays: rules.pointsValidDays,
        claimedAt: null,
        claimedElsewhere: false,
      };
    },

    async info(account: GiftAccount, now: number): Promise<GiftInfo> {
      const base = { deadline: deadlineOf(account), windowDays: rules.newUserGiftDays, pointsValidDays: rules.pointsValidDays };
      const own = await claims.findByUser(account.id);
      if (own)
        return { ...base, state: 'claimed', contents: (await claims.given(account.id)).map(givenView), claimedAt: own.claimedAt, claimedElsewhere: false };
      const contents = await offered(await deps.contents.list());
      const personKey = await deps.personKey(account.id);
      // Another account of the same person claimed: said, never which one.
      if (personKey !== null && (await claims.findByPerson(personKey))) return { ...base, state: 'claimed', contents, claimedAt: null, claimedElsewhere: true };
      // A closed gift or window first: asking to verify for a gift that cannot be had would mislead.
      const state: GiftState =
        contents.length === 0 ? 'closed' : now > base.deadline ? 'window-closed' : personKey === null ? 'needs-verification' : 'claimable';
      return { ...base, state, contents, claimedAt: null, claimedElsewhere: false };
    },

    /**
     * Claims the gift for the account's person. The account that holds the claim gets it again with
     * `repeated: true` whatever its key (the gift is once per person, so there is no second one to give).
     */
    async claim(account: GiftAccount, now: number): Promise<GiftClaimResult> {
      const own = await claims.findByUser(account.id);
      if (own) return answer(own, true);
      const lines = await deps.contents.list();
      if (lines.length === 0) throw new ApiError(CODE.CONFLICT, SUBCODE.GIFT_CLOSED);
      const deadline = deadlineOf(account);
      if (now > deadline) throw new ApiError(CODE.CONFLICT, SUBCODE.GIFT_WINDOW_CLOSED, { data: { deadline } });
      await deps.requireVerified(account.id);
      const personKey = await deps.personKey(account.id);
      if (personKey === null) throw new ApiError(CODE.FORBIDDEN, SUBCODE.IDENTITY_NOT_VERIFIED);
      // The claim row first: a parallel claim of the same person waits here for this transaction, then
      // finds the claim that stands (its own account's: the same answer; another account's: refused).
      // The user's message is written with the claim (the outbox): it exists exactly when the gift does.
      const standing = await deps.outbox.transaction(async (trx, emit) => {
        if (!(await claims.claim({ personKey, userId: account.id, claimedAt: now }, trx))) return (await claims.findByPerson(personKey, trx)) ?? null;
        await give(account.id, personKey, lines, now, trx);
        await emit('message', claimedMessage((await claims.given(account.id, trx)).map(givenView)), account.id);
        return undefined;
      });
      if (standing === null) throw new Error('a gift claim was refused but is not there');
      if (standing) {
        if (standing.userId === account.id) return answer(standing, true);
        throw new ApiError(CODE.CONFLICT, SUBCODE.GIFT_CLAIMED_ELSEWHERE);
      }
      return answer({ personKey, userId: account.id, claimedAt: now }, false);
    },

    /** How many people claimed (the admin command). */
    count: () => claims.count(),
  };
}
export type NewUserGift = ReturnType<typeof createNewUserGift>;
