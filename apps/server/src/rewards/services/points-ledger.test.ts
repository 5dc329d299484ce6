// The "N积分将于YYYY-MM-DD过期" line's numbers (docs/api.md "Points and the lucky draw", points-ledger's
// `expiring`) from lots as the repository lists them (first to expire first, points left in each); the API
// test in test/api/lucky-draw.test.ts runs the same through the real ledger on both engines.
import { describe, expect, it } from 'vitest';
import type { Executor } from '../../db/executor.js';
import type { PointsLot, PointsRepository } from '../repositories/points-repository.js';
import { createPointsLedger } from './points-ledger.js';

/** Milliseconds of a Beijing wall-clock time (UTC+8). */
const beijing = (isoLocal: string) => Date.parse(`${isoLocal}+08:00`);

function nextExpiryOf(lots: PointsLot[], now: number) {
  const sorted = [...lots].sort((a, b) => a.expiresAt - b.expiresAt);
  const points = { openLots: async () => sorted.filter((lot) => lot.remaining > 0) } as unknown as PointsRepository;
  return createPointsLedger({ points, validDays: 365 }).nextExpiry('u', now, {} as Executor);
}

const now = beijing('2026-12-01T12:00:00');

describe('nextExpiry', () => {
  it('counts every lot that runs out on the first expiry day, not only those of its first millisecond', async () => {
    // 85 earned one morning and 50 that afternoon: both valid until 2027-11-27, 135 in all.
    const lots = [
      { id: 'a', remaining: 85, expiresAt: beijing('2027-11-27T09:15:00') },
      { id: 'b', remaining: 50, expiresAt: beijing('2027-11-27T16:40:00') },
    ];
    expect(await nextExpiryOf(lots, now)).toEqual({ points: 135, at: beijing('2027-11-27T09:15:00') });
  });

  it('leaves out the lots of later days, and groups by the China day, not the UTC one', async () => {
    const lots = [
      { id: 'a', remaining: 30, expiresAt: beijing('2027-11-27T08:00:00') },
      // 23:30 in Beijing and, half an hour later, the next China day (the same UTC date, 2027-11-27).
      { id: 'b', remaining: 20, expiresAt: beijing('2027-11-27T23:30:00') },
      { id: 'c', remaining: 40, expiresAt: beijing('2027-11-28T00:30:00') },
      { id: 'd', remaining: 5, expiresAt: beijing('2027-12-05T10:00:00') },
    ];
    expect(await nextExpiryOf(lots, now)).toEqual({ points: 50, at: beijing('2027-11-27T08:00:00') });
  });

  it('counts what is left of partly spent lots and nothing of spent ones', async () => {
    const lots = [
      { id: 'spent', remaining: 0, expiresAt: beijing('2027-11-26T10:00:00') },
      { id: 'part', remaining: 12, expiresAt: beijing('2027-11-27T10:00:00') },
      { id: 'whole', remaining: 100, expiresAt: beijing('2027-11-27T11:00:00') },
    ];
    expect(await nextExpiryOf(lots, now)).toEqual({ points: 112, at: beijing('2027-11-27T10:00:00') });
  });

  it('leaves out lots already expired, also earlier on the same day, and answers null with nothing left', async () => {
    const today = beijing('2027-11-27T12:00:00');
    const lots = [
      { id: 'gone', remaining: 70, expiresAt: beijing('2027-11-27T09:00:00') },
      { id: 'at-now', remaining: 3, expiresAt: today },
      { id: 'later-today', remaining: 8, expiresAt: beijing('2027-11-27T18:00:00') },
      { id: 'tomorrow', remaining: 9, expiresAt: beijing('2027-11-28T09:00:00') },
    ];
    expect(await nextExpiryOf(lots, today)).toEqual({ points: 8, at: beijing('2027-11-27T18:00:00') });
    expect(await nextExpiryOf(lots, beijing('2027-11-28T09:00:00'))).toBeNull();
    expect(await nextExpiryOf([], now)).toBeNull();
  });
});
