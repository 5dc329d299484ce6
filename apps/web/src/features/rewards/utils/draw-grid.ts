// The lucky draw's 九宫格 (docs/api.md "Points and the lucky draw", the web pages): eight prize cells in a
// ring around the centre 抽奖 button, numbered clockwise from the top-left corner (0 top-left, 2 top-right,
// 4 bottom-right, 6 bottom-left; draw-grid.css places them). The ring only shows the prizes and, after a
// draw, where the server's prize is: which prize is won is never decided here.

/** Cells around the centre button. */
export const RING_SIZE = 8;

/** What a cell needs of a lucky-draw-info prize. */
export interface RingPrize {
  id: string;
  kind: 'points' | 'thanks';
}

/**
 * The eight cells from lucky-draw-info's prizes, in the server's order (the operator's order, the one the
 * rules table shows):
 * - fewer than eight: the list repeats in the same order, except that a copy never sits next to the same
 *   prize around the ring (with seven prizes the eighth cell takes the second prize, not the first again);
 * - more than eight: the first eight, with 谢谢参与 (the first `thanks` prize) in the last cell when it is not
 *   among them, since it is what a prize out of stock is won as; a prize left off the ring is still in the
 *   rules table, and a draw that wins it shows its result without moving the ring (landingIndex is null);
 * - none: no cells.
 */
export function drawCells<P extends RingPrize>(prizes: readonly P[]): P[] {
  if (prizes.length === 0) return [];
  if (prizes.length >= RING_SIZE) {
    const cells = prizes.slice(0, RING_SIZE);
    const thanks = prizes.find((prize) => prize.kind === 'thanks');
    if (thanks && !cells.some((prize) => prize.kind === 'thanks')) cells[RING_SIZE - 1] = thanks;
    return cells;
  }
  const cells: P[] = [];
  let next = 0;
  while (cells.length < RING_SIZE) {
    const i = cells.length;
    let prize = prizes[next % prizes.length]!;
    const clashes = (p: P) => p.id === cells[i - 1]?.id || (i === RING_SIZE - 1 && p.id === cells[0]!.id);
    // At most two skips: the previous cell and the first one are the only neighbours to avoid.
    for (let skips = 0; prizes.length > 1 && skips < 2 && clashes(prize); skips += 1) {
      next += 1;
      prize = prizes[next % prizes.length]!;
    }
    cells.push(prize);
    next += 1;
  }
  return cells;
}

/** FNV-1a over the UTF-16 code units: a stable, well-spread number from a draw id. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

/**
 * The cell the ring lands on for the server's prize (matched by id, never by name or kind, so it can only
 * show what the server drew), or null when no cell holds it (more than eight prizes, or prizes changed
 * since the page read them). A prize in several cells lands on one picked by the draw id: the same draw
 * always lands on the same cell (a re-render, a refetched list), different draws spread over the copies.
 */
export function landingIndex(cells: readonly RingPrize[], prizeId: string, drawId: string): number | null {
  const candidates = cells.flatMap((cell, index) => (cell.id === prizeId ? [index] : []));
  if (candidates.length === 0) return null;
  return candidates[hash(drawId) % candidates.length]!;
}
