// The highlight's run around the 九宫格 after the server has answered a draw (docs/api.md "Points and the
// lucky draw", the web pages): one full lap and on to the cell of the server's prize, fast at first and
// slowing to a stop, all within SPIN_MS. It only shows an answer already in; with prefers-reduced-motion
// the won cell is highlighted at once.
import { RING_SIZE } from './draw-grid';

/** The whole run, from the answer to landing: short enough not to keep anyone waiting (≤ 1.5 s). */
export const SPIN_MS = 1200;

/** The highlight moves to ring cell `index` at `at` ms after the run starts; the last step is the landing. */
export interface SpinStep {
  index: number;
  at: number;
}

/**
 * The steps from the cell lit now (`from`: the last draw's cell, or null for none, as if just before the
 * first cell) to `to`, one full lap plus the distance (8 to 15 steps), eased out: step k of n comes at
 * SPIN_MS·(1 − √(1 − k/n)) (the inverse of the ease-out 1 − (1 − t)²), so each step takes longer than the
 * one before and the last lands at SPIN_MS exactly. `reducedMotion`: no steps, the caller lands at once.
 */
export function spinSchedule(from: number | null, to: number, { reducedMotion = false, ringSize = RING_SIZE, durationMs = SPIN_MS } = {}): SpinStep[] {
  const start = from ?? ringSize - 1;
  if (!Number.isInteger(to) || to < 0 || to >= ringSize || !Number.isInteger(start) || start < 0 || start >= ringSize) {
    throw new RangeError(`no ring cell ${from} → ${to} of ${ringSize}`);
  }
  if (reducedMotion) return [];
  const count = ringSize + ((to - start + ringSize) % ringSize);
  return Array.from({ length: count }, (_, i) => {
    const k = i + 1;
    return { index: (start + k) % ringSize, at: durationMs * (1 - Math.sqrt(1 - k / count)) };
  });
}
