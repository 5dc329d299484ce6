// The draw's odds (docs/api.md "Points and the lucky draw"): 100,000 draws with the server's CSPRNG match
// the configured weights within statistical bounds (Pearson's chi-squared test), and the same test
// catches a picker one percentage point off, so it can fail.
import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Prize } from '../repositories/prizes-repository.js';
import { createLuckyDraw, oddsPercent, pickPrize, type LuckyDrawDeps } from './lucky-draw.js';

const PRIZES: Prize[] = [
  { id: 'points-100', name: '100积分', kind: 'points', points: 100, weight: 3, stock: 100 },
  { id: 'points-20', name: '20积分', kind: 'points', points: 20, weight: 20, stock: null },
  { id: 'points-5', name: '5积分', kind: 'points', points: 5, weight: 35, stock: null },
  { id: 'thanks', name: '谢谢参与', kind: 'thanks', points: null, weight: 42, stock: null },
];
const DRAWS = 100_000;
/** χ² with 3 degrees of freedom exceeds 30.66 with probability 1e-6: a fair picker fails once in a million runs. */
const CRITICAL = 30.66;

function chiSquared(random: (max: number) => number): number {
  const total = PRIZES.reduce((sum, p) => sum + p.weight, 0);
  const counts = new Map(PRIZES.map((p) => [p.id, 0]));
  for (let i = 0; i < DRAWS; i++) {
    const prize = pickPrize(PRIZES, random);
    counts.set(prize!.id, counts.get(prize!.id)! + 1);
  }
  return PRIZES.reduce((sum, p) => {
    const expected = (DRAWS * p.weight) / total;
    return sum + (counts.get(p.id)! - expected) ** 2 / expected;
  }, 0);
}

describe('pickPrize', () => {
  it('100,000 draws with the CSPRNG match the weights', () => {
    expect(chiSquared((max) => randomInt(max))).toBeLessThan(CRITICAL);
  });

  it('the test catches a picker that gives the top prize 4 % instead of 3 %', () => {
    // Tickets 0..99: the first 4 now land on the top prize, one taken from 谢谢参与.
    const skewed = (max: number) => {
      const ticket = randomInt(max);
      return ticket === 99 ? 3 : ticket;
    };
    expect(chiSquared(skewed)).toBeGreaterThan(CRITICAL);
  });

  it('walks the weights in order and skips prizes of weight 0', () => {
    const prizes = [PRIZES[0]!, { ...PRIZES[1]!, weight: 0 }, PRIZES[3]!];
    expect(pickPrize(prizes, () => 0)?.id).toBe('points-100');
    expect(pickPrize(prizes, () => 2)?.id).toBe('points-100');
    expect(pickPrize(prizes, () => 3)?.id).toBe('thanks');
    expect(
      pickPrize(
        prizes.map((p) => ({ ...p, weight: 0 })),
        () => 0,
      ),
    ).toBeUndefined();
  });

  it('states the odds as percentages with at most two decimals', () => {
    expect([oddsPercent(3, 100), oddsPercent(1, 3), oddsPercent(2, 3), oddsPercent(5, 0)]).toEqual(['3', '33.33', '66.67', '0']);
  });
});

// lucky-draw-info is read on every visit of the draw page: the points write-off's transaction (two more round
// trips on PostgreSQL) is opened only when a lot has run out, and then always.
describe('lucky-draw-info and the points write-off', () => {
  function luckyDraw(expired: boolean) {
    const transactions: string[] = [];
    const deps = {
      db: {
        transaction: () => ({
          execute: async <T>(fn: (trx: never) => Promise<T>) => {
            transactions.push('write-off');
            return fn({} as never);
          },
        }),
      },
      ledger: { expire: async () => 1 },
      // The balance the write-off left, read again only after it.
      points: { balance: async () => 29 },
      prizes: { listActiveForUser: async () => ({ prizes: PRIZES, balance: 30, drawsOnDay: 1, hasExpiredLot: expired }) },
      rules: { drawCost: 10, drawDailyLimit: 5, pointsValidDays: 365 },
      outbox: { transaction: async () => undefined },
      cursors: {},
    } as unknown as LuckyDrawDeps;
    return { draw: createLuckyDraw(deps), transactions };
  }

  it('opens no transaction when nothing ran out, and one when a lot did', async () => {
    const fresh = luckyDraw(false);
    expect(await fresh.draw.info('u1', 1)).toMatchObject({ open: true, balance: 30, drawsLeftToday: 4 });
    expect(fresh.transactions).toEqual([]);
    const stale = luckyDraw(true);
    expect(await stale.draw.info('u1', 1)).toMatchObject({ balance: 29, drawsLeftToday: 4 });
    expect(stale.transactions).toEqual(['write-off']);
  });
});
