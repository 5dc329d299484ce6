import { describe, expect, it } from 'vitest';
import { RING_SIZE } from './draw-grid';
import { SPIN_MS, spinSchedule } from './draw-spin';

describe('spinSchedule', () => {
  it('runs one full lap and on to the target, from the cell after the one lit now', () => {
    for (let from = 0; from < RING_SIZE; from += 1) {
      for (let to = 0; to < RING_SIZE; to += 1) {
        const steps = spinSchedule(from, to);
        const distance = (to - from + RING_SIZE) % RING_SIZE;
        expect(steps).toHaveLength(RING_SIZE + distance);
        expect(steps[0]!.index).toBe((from + 1) % RING_SIZE);
        expect(steps.at(-1)!.index).toBe(to);
        // One cell at a time, clockwise.
        steps.slice(1).forEach((step, i) => expect(step.index).toBe((steps[i]!.index + 1) % RING_SIZE));
      }
    }
  });

  it('with nothing lit yet starts at the first cell', () => {
    const steps = spinSchedule(null, 5);
    expect(steps[0]!.index).toBe(0);
    expect(steps).toHaveLength(RING_SIZE + 5 + 1);
    expect(steps.at(-1)!.index).toBe(5);
  });

  it('decelerates and lands at SPIN_MS, within 1.5 s', () => {
    expect(SPIN_MS).toBeLessThanOrEqual(1500);
    for (const [from, to] of [
      [0, 0],
      [0, 7],
      [3, 2],
      [null, 7],
    ] as const) {
      const steps = spinSchedule(from, to);
      const gaps = steps.map((step, i) => step.at - (i === 0 ? 0 : steps[i - 1]!.at));
      expect(gaps.every((gap) => gap > 0)).toBe(true);
      gaps.slice(1).forEach((gap, i) => expect(gap).toBeGreaterThan(gaps[i]!));
      expect(steps.at(-1)!.at).toBeCloseTo(SPIN_MS, 9);
    }
  });

  it('under prefers-reduced-motion has no steps: the won cell is lit at once', () => {
    expect(spinSchedule(2, 6, { reducedMotion: true })).toEqual([]);
  });

  it('refuses a cell that is not on the ring', () => {
    expect(() => spinSchedule(0, RING_SIZE)).toThrow(RangeError);
    expect(() => spinSchedule(-1, 0)).toThrow(RangeError);
    expect(() => spinSchedule(0, 1.5)).toThrow(RangeError);
  });
});
