// The lucky draw (docs/api.md "Points and the lucky draw"). Only the server draws, with the CSPRNG
// (crypto.randomInt, unbiased); a draw costs points; a prize's stock is taken by a conditional update
// and a prize that has run out is won as 谢谢参与, so nothing is oversold and the disclosed odds of the
// other prizes never change; the prizes are read, drawn from and taken inside the draw's transaction, and
// the take's conditional update refuses a prize withdrawn meanwhile (409/4820, nothing spent), so a
// withdrawn prize is never won; a China day allows REWARDS_DRAW_DAILY_LIMIT draws; and every draw carries
// the client's idempotency key, so a retried request answers the same draw and never draws twice. A
// points prize posts the user a message (reward-messages.ts), only for the draw that won it.
import { randomInt, randomUUID } from 'node:crypto';
import { CODE, SUBCODE } from '@tyd/protocol';
import type { RewardsConfig } from '../../config/index.js';
import type { Executor } from '../../db/executor.js';
import { ApiError } from '../../http/api-error.js';
import { chinaDay, chinaDayEnd } from '@tyd/protocol';
import type { Outbox } from '../../outbox/outbox.js';
import { DEFAULT_PAGE_SIZE, type ListCursors } from '../../lib/list-cursor.js';
import type { Draw, DrawsRepository } from '../repositories/draws-repository.js';
import type { PointsRepository } from '../repositories/points-repository.js';
import type { Prize, PrizesRepository } from '../repositories/prizes-repository.js';
import { InsufficientPoints, type PointsLedger } from './points-ledger.js';
import { drawPrizeMessage } from './reward-messages.js';

/** A prize by weight: `random(n)` is uniform on 0..n-1. Undefined when no prize has a weight. */
export function pickPrize(prizes: readonly Prize[], random: (max: number) => number): Prize | undefined {
  const total = prizes.reduce((sum, prize) => sum + prize.weight, 0);
  if (total <= 0) return undefined;
  let ticket = random(total);
  for (const prize of prizes) {
    if (ticket < prize.weight) return prize;
    ticket -= prize.weight;
  }
  return undefined;
}

/** No draw without a 谢谢参与 on offer (what a prize out of stock is won as) and a weight to draw by. */
const isClosed = (offered: readonly Prize[]) => !offered.some((prize) => prize.kind === 'thanks') || !pickPrize(offered, () => 0);

/** A weight's share as a percentage with at most two decimals ("2.5", "42"). */
export const oddsPercent = (weight: number, total: number): string => (total > 0 ? String(Math.round((weight * 10_000) / total) / 100) : '0');

export interface DrawResult {
  drawId: string;
  prize: { id: string; name: string; kind: 'points' | 'thanks'; points: number | null };
  cost: number;
  balance: number;
  drawsLeftToday: number;
  repeated: boolean;
}

export interface LuckyDrawDeps {
  db: { transaction(): { execute<T>(fn: (trx: Executor) => Promise<T>): Promise<T> } };
  points: PointsRepository;
  prizes: PrizesRepository;
  draws: DrawsRepository;
  ledger: PointsLedger;
  rules: RewardsConfig;
  /** The draw's transaction, whose message is delivered once it committed (outbox/outbox.ts). */
  outbox: Pick<Outbox, 'transaction'>;
  /** The CSPRNG; tests may not replace it for the draw itself (the odds test uses pickPrize). */
  random?: (max: number) => number;
  /** The history's cursors (lib/list-cursor.ts). */
  cursors: ListCursors;
}

export function createLuckyDraw(deps: LuckyDrawDeps) {
  const { points, prizes, draws, ledger, rules } = deps;
  const random = deps.random ?? ((max: number) => randomInt(max));

  /** The draws left today after `drawsToday` of them. */
  const drawsLeft = (drawsToday: number) => Math.max(0, rules.drawDailyLimit - drawsToday);
  /**
   * The answer; `drawsToday` is the count the draw's own transaction made and `balance` the balance it left
   * (a statement fewer each), else read now (a retry's answer).
   */
  const answer = async (userId: string, draw: Draw, now: number, repeated: boolean, drawsToday?: number, balance?: number): Promise<DrawResult> => ({
    drawId: draw.id,
    prize: { id: draw.prizeId, name: draw.prizeName, kind: draw.kind, points: draw.points },
    cost: draw.cost,
    balance: balance ?? (await points.balance(userId)),
    drawsLeftToday: drawsLeft(drawsToday ?? (await draws.countOnDay(userId, chinaDay(now)))),
    repeated,
  });

  return {
    async info(userId: string, now: number) {
      // The prizes, the balance, today's draws and whether a lot has run out, read in one statement.
      const state = await prizes.listActiveForUser(userId, { day: chinaDay(now), now });
      let balance = state.balance;
      // The write-off's transaction only when a lot has run out: most reads find none, and a transaction is
      // two more round trips (BEGIN, COMMIT) on PostgreSQL. expire() checks again under the balance's lock;
      // the balance shown is then the one it left.
      if (state.hasExpiredLot) {
        await deps.db.transaction().execute((trx) => ledger.expire(userId, now, trx));
        balance = await points.balance(userId);
      }
      const offered = state.prizes;
      const total = offered.reduce((sum, prize) => sum + prize.weight, 0);
      return {
        open: total > 0 && offered.some((prize) => prize.kind === 'thanks'),
        balance,
        cost: rules.drawCost,
        dailyLimit: rules.drawDailyLimit,
        drawsLeftToday: drawsLeft(state.drawsOnDay),
        pointsValidDays: rules.pointsValidDays,
        prizes: offered.map((prize) => ({
          id: prize.id,
          name: prize.name,
          kind: prize.kind,
          points: prize.points,
          oddsPercent: oddsPercent(prize.weight, total),
          stockLeft: prize.stock,
        })),
      };
    },

    async draw(userId: string, key: string, now: number): Promise<DrawResult> {
      const id = randomUUID();
      const day = chinaDay(now);
      // A points prize's message is written with the draw (the outbox): it exists exactly when the prize does.
      const drawn = await deps.outbox.transaction(async (trx, emit) => {
        // The key first: a retry finds its draw here (a parallel one waits for this transaction, then finds
        // it), before anything is read or spent, and answers it after the commit; no read of its own before.
        if (!(await draws.claim({ id, userId, key, cost: rules.drawCost, day, now }, trx))) return undefined;
        let spent;
        try {
          spent = await ledger.debit({ userId, amount: rules.drawCost, reason: 'draw-cost', key: `draw:${id}:cost`, now }, trx);
        } catch (error) {
          if (error instanceof InsufficientPoints) {
            // A closed draw is what the user is told first, with or without the points.
            if (isClosed(await prizes.listActive(trx))) throw new ApiError(CODE.CONFLICT, SUBCODE.DRAW_CLOSED);
            throw new ApiError(CODE.CONFLICT, SUBCODE.POINTS_INSUFFICIENT, { data: { balance: error.balance, cost: rules.drawCost } });
          }
          throw error;
        }
        // The key is this draw's own, new with it: a used one is a defect, not a retry.
        if (!spent) throw new Error('a new draw found its points key used');
        let { balance } = spent;
        // The prizes as they are now, read inside the transaction that gives one: an operator's change
        // committed since the request came in is drawn with, never the list it replaced. In the same
        // statement today's draws, counted after the debit, which queued this user's other draws behind
        // it: the count is exact. Closed is said before the daily limit, nothing spent either way.
        const { prizes: offered, drawsOnDay: drawsToday } = await prizes.listActiveForUser(userId, { day, now }, trx);
        const thanks = offered.find((prize) => prize.kind === 'thanks');
        if (!thanks || isClosed(offered)) throw new ApiError(CODE.CONFLICT, SUBCODE.DRAW_CLOSED);
        if (drawsToday > rules.drawDailyLimit) {
          throw new ApiError(CODE.TOO_MANY_REQUESTS, SUBCODE.DRAW_DAILY_LIMIT, {
            data: { retryAfterSeconds: Math.max(1, Math.ceil((chinaDayEnd(day) - now) / 1000)) },
          });
        }
        let prize = await prizes.takeOne((pickPrize(offered, random) ?? thanks).id, trx);
        if (prize === 'out-of-stock') prize = await prizes.takeOne(thanks.id, trx);
        // Withdrawn after the list was read (or by a change the take waited for): not won, and no other prize
        // is drawn in its place under odds the user was not shown; everything above is undone.
        if (typeof prize === 'string') throw new ApiError(CODE.CONFLICT, SUBCODE.DRAW_PRIZES_CHANGED);
        await draws.complete(id, prize, trx);
        if (prize.kind === 'points' && prize.points) {
          const credited = await ledger.credit({ userId, amount: prize.points, reason: 'draw-prize', key: `draw:${id}:prize`, now }, trx);
          if (!credited) throw new Error('a new draw found its prize key used');
          balance = credited.balance;
          await emit('message', drawPrizeMessage(id, { name: prize.name, points: prize.points }), userId);
        }
        // The balance the debit (or the prize's credit) left, held until the commit: no read after it.
        return { prize, drawsToday, balance };
      });
      if (!drawn) {
        const earlier = await draws.findByKey(userId, key);
        if (!earlier) throw new Error('a claimed draw is missing');
        return answer(userId, earlier, now, true);
      }
      const draw = {
        id,
        prizeId: drawn.prize.id,
        prizeName: drawn.prize.name,
        kind: drawn.prize.kind,
        points: drawn.prize.points,
        cost: rules.drawCost,
        at: now,
      };
      return answer(userId, draw, now, false, drawn.drawsToday, drawn.balance);
    },

    async history(userId: string, cursor: string | undefined) {
      const list = `draws:${userId}`;
      const rows = await draws.list(userId, deps.cursors.decode(cursor, list), DEFAULT_PAGE_SIZE + 1);
      const page = deps.cursors.pageOf(rows, DEFAULT_PAGE_SIZE, list, (draw) => ({ at: draw.at, id: draw.id }));
      return {
        items: page.rows.map((draw) => ({ drawId: draw.id, prizeName: draw.prizeName, kind: draw.kind, points: draw.points, cost: draw.cost, at: draw.at })),
        nextCursor: page.nextCursor,
      };
    },
  };
}
export type LuckyDraw = ReturnType<typeof createLuckyDraw>;
