// The collector's background work: the daily prune schedule and the batched answer counter.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AnswerCount, AnswerCountsRepository } from '../repositories/answer-counts-repository.js';
import { DAY_MS } from '@tyd/protocol';
import { createAnswerCounter } from './answer-counter.js';
import { nearestRank } from './percentile.js';
import { schedulePrune } from './retention.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('prune schedule', () => {
  it('prunes after the first delay, then daily, until stopped', async () => {
    vi.useFakeTimers();
    const prune = vi.fn(async () => undefined);
    const stop = schedulePrune(prune, 60_000);
    await vi.advanceTimersByTimeAsync(59_999);
    expect(prune).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(prune).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(DAY_MS);
    expect(prune).toHaveBeenCalledTimes(2);
    stop();
    await vi.advanceTimersByTimeAsync(3 * DAY_MS);
    expect(prune).toHaveBeenCalledTimes(2);
  });
});

describe('answer counter', () => {
  const HOUR = 3_600_000;

  function fakeRepo(failFirst = false) {
    const written: AnswerCount[][] = [];
    let fail = failFirst;
    const repo: AnswerCountsRepository = {
      add: async (counts) => {
        if (fail) {
          fail = false;
          throw new Error('database down');
        }
        written.push(counts.map((c) => ({ ...c })));
      },
      between: async () => [],
      pruneBefore: async () => 0,
    };
    return { repo, written };
  }

  it('adds up answers per hour, path, code and subcode and writes them once', async () => {
    const { repo, written } = fakeRepo();
    const counter = createAnswerCounter(repo);
    const path = '/tydApi/v1/user/check-login';
    counter.record({ path, code: '401', subcode: undefined, at: 5 * HOUR + 1 });
    counter.record({ path, code: '401', subcode: undefined, at: 6 * HOUR - 1 });
    counter.record({ path, code: '401', subcode: '4011', at: 5 * HOUR });
    counter.record({ path, code: '401', subcode: undefined, at: 6 * HOUR });
    await counter.flush();
    expect(written).toEqual([
      [
        { hourStart: 5 * HOUR, path, code: '401', subcode: '', count: 2 },
        { hourStart: 5 * HOUR, path, code: '401', subcode: '4011', count: 1 },
        { hourStart: 6 * HOUR, path, code: '401', subcode: '', count: 1 },
      ],
    ]);
    await counter.flush();
    expect(written).toHaveLength(1);
  });

  it('keeps the counts of a failed write for the next flush', async () => {
    const { repo, written } = fakeRepo(true);
    const counter = createAnswerCounter(repo);
    counter.record({ path: '/p', code: '500', subcode: undefined, at: 0 });
    await expect(counter.flush()).rejects.toThrow('database down');
    counter.record({ path: '/p', code: '500', subcode: undefined, at: 1 });
    await counter.flush();
    expect(written).toEqual([[{ hourStart: 0, path: '/p', code: '500', subcode: '', count: 2 }]]);
  });
});

describe('nearest-rank percentile', () => {
  it('is the smallest value with at least p of the values at or below it', () => {
    const values = Array.from({ length: 20 }, (_, i) => (i + 1) * 10);
    expect(nearestRank(values, 0.5)).toBe(100);
    expect(nearestRank(values, 0.95)).toBe(190);
    expect(nearestRank([7], 0.95)).toBe(7);
    expect(nearestRank([], 0.5)).toBeUndefined();
  });
});
