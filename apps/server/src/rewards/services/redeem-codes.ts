// Redeem codes (docs/api.md "Redeem codes"). A code is 16 characters of Crockford's base32 from the
// CSPRNG (80 bits: guessing one is hopeless, and the hourly budget below keeps it so), stored only as
// HMAC-SHA256 under a key of its own, so the database alone holds no usable code. Redeeming takes the
// code by a conditional UPDATE and credits what its batch gives (points through the ledger, a voucher
// through voucherGrants) in the same transaction: a code is used once, however many try it at once, and
// a refusal (the voucher out of stock) leaves it unused. Codes are never logged or written anywhere else.
// What a code gave is told in a message (reward-messages.ts), by the request that redeemed it only.
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { CODE, CROCKFORD_ALPHABET, normaliseRedeemCode, REDEEM_CODE_LENGTH, SUBCODE } from '@tyd/protocol';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { ApiError } from '../../http/api-error.js';
import type { KvStore } from '../../kv/kv-store.js';
import type { Outbox } from '../../outbox/outbox.js';
import type { PointsRepository } from '../repositories/points-repository.js';
import type { RedeemBatch, RedeemCodeRow, RedeemCodesRepository, RedeemReward } from '../repositories/redeem-codes-repository.js';
import type { VouchersRepository } from '../repositories/vouchers-repository.js';
import { voucherView } from './exchange.js';
import type { PointsLedger } from './points-ledger.js';
import { redeemedMessage } from './reward-messages.js';
import { ItemUnavailable, type VoucherGrants } from './voucher-grants.js';

const HOUR_MS = 3_600_000;

/** A new code: 10 bytes from the CSPRNG, 5 bits a character. */
export function generateRedeemCode(): string {
  const bytes = randomBytes((REDEEM_CODE_LENGTH * 5) / 8);
  let code = '';
  let value = 0;
  let bits = 0;
  for (const byte of bytes) {
    value = ((value << 8) | byte) & 0xfff;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      code += CROCKFORD_ALPHABET[(value >> bits) & 31];
    }
  }
  return code;
}

/** What is stored for a normalised code. */
export const redeemCodeHash = (key: Buffer, code: string): string => createHmac('sha256', key).update(code, 'utf8').digest('hex');

/** People read codes in groups of four. */
const grouped = (code: string) => code.match(/.{4}/g)!.join('-');

export interface RedeemBatchesDeps {
  db: Kysely<Database>;
  codes: RedeemCodesRepository;
  /** deriveKey(<root>, 'redeem-codes') (rewards-module.ts says which root and why). */
  key: Buffer;
}

/** Issuing and revoking batches (the admin command and /ops; checked by services/rewards-operations.ts). */
export function createRedeemBatches(deps: RedeemBatchesDeps) {
  return {
    /** A batch of `count` new codes, answered once (grouped) and never again: only their hashes are kept. */
    async create(input: {
      name: string;
      reward: RedeemReward;
      count: number;
      expiresAt: number;
      operator: string;
      now: number;
    }): Promise<{ batch: RedeemBatch; codes: string[] }> {
      const batch: RedeemBatch = {
        id: randomUUID(),
        name: input.name,
        reward: input.reward,
        codes: input.count,
        expiresAt: input.expiresAt,
        revokedAt: null,
        createdBy: input.operator,
        createdAt: input.now,
      };
      const codes = await deps.db.transaction().execute(async (trx) => {
        await deps.codes.insertBatch(batch, trx);
        const kept: string[] = [];
        let wanted = input.count;
        // A new code whose hash is stored already (2^-80 a pair) is skipped by the insert: draw again for it.
        while (wanted > 0) {
          const drawn = new Map<string, string>();
          while (drawn.size < wanted) {
            const code = generateRedeemCode();
            drawn.set(redeemCodeHash(deps.key, code), code);
          }
          const hashes = [...drawn.keys()];
          if ((await deps.codes.insertCodes(batch.id, hashes, trx)) === hashes.length) {
            kept.push(...drawn.values());
            break;
          }
          const stored = new Set(await deps.codes.hashesOf(batch.id, trx));
          for (const [hash, code] of drawn) if (stored.has(hash)) kept.push(code);
          wanted = input.count - kept.length;
        }
        return kept;
      });
      return { batch, codes: codes.map(grouped) };
    },
  };
}
export type RedeemBatches = ReturnType<typeof createRedeemBatches>;

export interface RedeemingDeps extends RedeemBatchesDeps {
  ledger: PointsLedger;
  points: PointsRepository;
  vouchers: VouchersRepository;
  voucherGrants: VoucherGrants;
  kv: KvStore;
  limits: { perUserPerHour: number; perAddressPerHour: number };
  /** The redemption's transaction, whose message is delivered once it committed (outbox/outbox.ts). */
  outbox: Pick<Outbox, 'transaction'>;
}

/** Thrown inside the transaction when the idempotency key already named another redemption: undo it. */
class KeyUsedForAnotherCode extends Error {
  override readonly name = 'KeyUsedForAnotherCode';
}

export function createRedeeming(deps: RedeemingDeps) {
  const { codes, points, vouchers, kv, limits } = deps;

  /**
   * The hourly budget of refused codes, per account and per client address, in fixed windows of the
   * service clock. An attempt is counted BEFORE its code is looked at and marked good afterwards, so
   * parallel guesses cannot buy more than the budget; past it, even a right code is refused until the
   * window ends (otherwise guessing would go on, answered "locked" for wrong codes only).
   */
  async function reserveAttempt(userId: string, address: string, now: number) {
    const window = Math.floor(now / HOUR_MS);
    const counters = [
      { key: `redeem:user:${userId}:${window}`, limit: limits.perUserPerHour },
      { key: `redeem:ip:${address}:${window}`, limit: limits.perAddressPerHour },
    ];
    let attemptsLeft = Number.POSITIVE_INFINITY;
    let locked = false;
    for (const counter of counters) {
      const attempts = await kv.increment(`${counter.key}:tries`, HOUR_MS + 60_000);
      const good = Number((await kv.get(`${counter.key}:good`)) ?? 0);
      // Attempts still in flight count as refused until they say otherwise.
      const refusedBefore = attempts - 1 - good;
      if (refusedBefore >= counter.limit) locked = true;
      attemptsLeft = Math.min(attemptsLeft, counter.limit - refusedBefore - 1);
    }
    if (locked) {
      throw new ApiError(CODE.TOO_MANY_REQUESTS, SUBCODE.REDEEM_LOCKED, {
        data: { retryAfterSeconds: Math.max(1, Math.ceil(((window + 1) * HOUR_MS - now) / 1000)) },
      });
    }
    return {
      attemptsLeft: Math.max(0, attemptsLeft),
      /** The code was genuine (redeemed, answered again, or good but its voucher out of stock). */
      good: async () => {
        for (const counter of counters) await kv.increment(`${counter.key}:good`, HOUR_MS + 60_000);
      },
    };
  }

  /**
   * What the user's redemption under `key` gave, when that redemption was of this code (its entry or
   * voucher was written with the code's redemption, at the same moment); else undefined.
   */
  async function earlier(userId: string, row: RedeemCodeRow, key: string, now: number) {
    const { reward } = row.batch;
    if (reward.points !== null) {
      const entry = await points.findEntry(userId, key);
      if (!entry || entry.at !== row.redeemedAt || entry.amount !== reward.points) return undefined;
      return { kind: 'points' as const, points: entry.amount, voucher: null, balance: await points.balance(userId), repeated: true };
    }
    const voucher = await vouchers.findByKey(userId, key);
    if (!voucher || voucher.grantedAt !== row.redeemedAt || voucher.itemId !== reward.itemId) return undefined;
    return { kind: 'voucher' as const, points: null, voucher: voucherView(voucher, now), balance: await points.balance(userId), repeated: true };
  }

  /** The key already named a redemption (of another code: `earlier` found none of this one). */
  const keyUsed = async (userId: string, key: string) => (await points.hasEntry(userId, key)) || (await vouchers.findByKey(userId, key)) !== undefined;
  const keyUsedForAnotherCode = () =>
    new ApiError(CODE.BAD_REQUEST, SUBCODE.BAD_PAYLOAD, { data: { reason: 'idempotencyKey: already used for another code' } });

  return {
    async redeem(input: { userId: string; address: string; code: string; idempotencyKey: string; now: number }) {
      const { userId, now } = input;
      const code = normaliseRedeemCode(input.code);
      const hash = code === null ? undefined : redeemCodeHash(deps.key, code);
      const key = `redeem-code:${input.idempotencyKey}`;
      // The caller's own redemption of this code, asked again under its key: answered before the budget,
      // since it tells nothing a guesser could use.
      const row = hash === undefined ? undefined : await codes.find(hash);
      if (row?.redeemedBy === userId) {
        const answer = await earlier(userId, row, key, now);
        if (answer) return answer;
      }
      const attempt = await reserveAttempt(userId, input.address, now);
      const invalid = () => new ApiError(CODE.CONFLICT, SUBCODE.REDEEM_CODE_INVALID, { data: { attemptsLeft: attempt.attemptsLeft } });
      if (hash === undefined) throw invalid();

      let given;
      try {
        // The user's message is written with the redemption (the outbox): it exists exactly when the reward does.
        given = await deps.outbox.transaction(async (trx, emit) => {
          if (!(await codes.take(hash, userId, now, trx))) return undefined;
          const taken = await codes.find(hash, trx);
          if (!taken) throw new Error('a taken redeem code is not there');
          const { reward } = taken.batch;
          if (reward.points !== null) {
            if (!(await deps.ledger.credit({ userId, amount: reward.points, reason: 'redeem-code', key, now }, trx))) throw new KeyUsedForAnotherCode();
            await emit('message', redeemedMessage(key, { points: reward.points }), userId);
            return { kind: 'points' as const, points: reward.points, voucher: null };
          }
          const granted = await deps.voucherGrants.grant({ userId, itemId: reward.itemId, source: 'redeem-code', key, now }, trx);
          if (!granted.granted) throw new KeyUsedForAnotherCode();
          await emit('message', redeemedMessage(key, { voucherName: granted.voucher.name }), userId);
          return { kind: 'voucher' as const, points: null, voucher: voucherView(granted.voucher, now) };
        });
      } catch (error) {
        if (error instanceof ItemUnavailable) {
          await attempt.good();
          throw new ApiError(CODE.CONFLICT, SUBCODE.REDEEM_REWARD_UNAVAILABLE);
        }
        if (error instanceof KeyUsedForAnotherCode) throw keyUsedForAnotherCode();
        throw error;
      }
      if (given) {
        await attempt.good();
        return { ...given, balance: await points.balance(userId), repeated: false };
      }

      // Not taken: say why.
      const found = await codes.find(hash);
      if (!found) throw invalid();
      if (found.redeemedBy === userId) {
        // A parallel request with this key took it first: the same answer.
        const answer = await earlier(userId, found, key, now);
        if (answer) {
          await attempt.good();
          return answer;
        }
        if (await keyUsed(userId, key)) throw keyUsedForAnotherCode();
      }
      if (found.redeemedBy !== null) throw new ApiError(CODE.CONFLICT, SUBCODE.REDEEM_CODE_USED);
      if (found.batch.revokedAt !== null) throw new ApiError(CODE.CONFLICT, SUBCODE.REDEEM_CODE_REVOKED);
      if (found.batch.expiresAt <= now) throw new ApiError(CODE.CONFLICT, SUBCODE.REDEEM_CODE_EXPIRED);
      throw new Error('a redeem code was neither taken nor refused');
    },
  };
}
export type Redeeming = ReturnType<typeof createRedeeming>;
