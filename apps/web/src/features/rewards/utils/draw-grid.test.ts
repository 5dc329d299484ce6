import { describe, expect, it } from 'vitest';
import { drawCells, landingIndex, RING_SIZE, type RingPrize } from './draw-grid';

const points = (id: string): RingPrize => ({ id, kind: 'points' });
const THANKS: RingPrize = { id: 'thanks', kind: 'thanks' };
const ids = (cells: readonly RingPrize[]) => cells.map((cell) => cell.id);

/** Neighbours around the ring holding the same prize. */
function sameNeighbours(cells: readonly RingPrize[]): number[] {
  return cells.flatMap((cell, i) => (cell.id === cells[(i + 1) % cells.length]!.id ? [i] : []));
}

describe('drawCells', () => {
  it('repeats the shipped four prizes in the server’s order, 谢谢参与 included', () => {
    const prizes = [points('points-100'), points('points-20'), points('points-5'), THANKS];
    expect(ids(drawCells(prizes))).toEqual(['points-100', 'points-20', 'points-5', 'thanks', 'points-100', 'points-20', 'points-5', 'thanks']);
  });

  it('fills all eight cells from any shorter list without the same prize side by side around the ring', () => {
    for (let n = 2; n < RING_SIZE; n += 1) {
      const prizes = [...Array.from({ length: n - 1 }, (_, i) => points(`p${i}`)), THANKS];
      const cells = drawCells(prizes);
      expect(cells).toHaveLength(RING_SIZE);
      expect(sameNeighbours(cells)).toEqual([]);
      // Every prize is on the ring, and the ring starts with the list as given.
      expect(new Set(ids(cells))).toEqual(new Set(ids(prizes)));
      expect(ids(cells.slice(0, n))).toEqual(ids(prizes));
    }
    // Seven prizes: the eighth cell would repeat the first next to it, so it takes the second.
    const seven = [...Array.from({ length: 6 }, (_, i) => points(`p${i}`)), THANKS];
    expect(ids(drawCells(seven))).toEqual(['p0', 'p1', 'p2', 'p3', 'p4', 'p5', 'thanks', 'p1']);
  });

  it('is stable: the same list gives the same ring', () => {
    const prizes = [points('a'), THANKS, points('b')];
    expect(drawCells(prizes)).toEqual(drawCells([...prizes]));
    expect(ids(drawCells(prizes))).toEqual(['a', 'thanks', 'b', 'a', 'thanks', 'b', 'a', 'thanks']);
  });

  it('a single prize fills every cell; no prizes, no cells', () => {
    expect(ids(drawCells([THANKS]))).toEqual(Array(RING_SIZE).fill('thanks'));
    expect(drawCells([])).toEqual([]);
  });

  it('more than eight: the first eight, keeping 谢谢参与 on the ring in the last cell', () => {
    const nine = Array.from({ length: 9 }, (_, i) => points(`p${i}`));
    expect(ids(drawCells(nine))).toEqual(['p0', 'p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7']);
    expect(ids(drawCells([...nine, THANKS]))).toEqual(['p0', 'p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'thanks']);
    const thanksFirst = [THANKS, ...nine];
    expect(ids(drawCells(thanksFirst))).toEqual(ids(thanksFirst.slice(0, 8)));
    expect(ids(drawCells(Array.from({ length: 8 }, (_, i) => points(`p${i}`))))).toEqual(['p0', 'p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7']);
  });

  it('does not change the list it was given', () => {
    const prizes = Array.from({ length: 9 }, (_, i) => points(`p${i}`)).concat(THANKS);
    const before = ids(prizes);
    drawCells(prizes);
    expect(ids(prizes)).toEqual(before);
  });
});

describe('landingIndex', () => {
  const cells = drawCells([points('points-100'), points('points-20'), points('points-5'), THANKS]);

  it('lands only on a cell holding the server’s prize, by id', () => {
    for (let n = 0; n < 50; n += 1) {
      const drawId = `draw-${n}`;
      for (const prizeId of ['points-100', 'points-20', 'points-5', 'thanks']) {
        const index = landingIndex(cells, prizeId, drawId);
        expect(index).not.toBeNull();
        expect(cells[index!]!.id).toBe(prizeId);
      }
    }
  });

  it('the same draw always lands on the same cell, and draws spread over a prize’s copies', () => {
    expect(landingIndex(cells, 'thanks', 'd-1')).toBe(landingIndex([...cells], 'thanks', 'd-1'));
    const landed = new Set(Array.from({ length: 40 }, (_, n) => landingIndex(cells, 'thanks', `d-${n}`)));
    expect(landed).toEqual(new Set([3, 7]));
  });

  it('a prize on no cell has no landing (its result shows without moving the ring)', () => {
    expect(landingIndex(cells, 'points-1000', 'd-1')).toBeNull();
    expect(landingIndex([], 'thanks', 'd-1')).toBeNull();
  });
});
