// The 九宫格 (docs/api.md "Points and the lucky draw", the web pages): the prize cells in ring order
// (utils/draw-grid.ts), so a screen reader reads them clockwise, and the centre 抽奖 button (`children`)
// placed over the middle square. `lit`: the cell a running spin is on; `landed`: the cell of the result
// shown, named as such (aria-current) for screen readers; `won`: that result is a prize, and its cell
// grows a little once (draw-grid.css).
import type { ReactNode } from 'react';
import { RING_SIZE } from '../utils/draw-grid';
import './draw-grid.css';

/**
 * `name` cut after each digit that a unit follows ("100积分" -> "100", "积分"). Not a regex lookbehind:
 * iOS Safari before 16.4 cannot parse one, and a regex literal it cannot parse fails the whole page's chunk
 * (docs/architecture.md "Browser floor").
 */
export function wordsOf(name: string): string[] {
  const words: string[] = [];
  let start = 0;
  for (let i = 1; i < name.length; i++) {
    if (/\d/.test(name[i - 1]!) && /[^\d\s.,%]/.test(name[i]!)) {
      words.push(name.slice(start, i));
      start = i;
    }
  }
  words.push(name.slice(start));
  return words;
}

/**
 * A prize's name whose figure and unit break apart as words (100⏎积分), never inside the unit (100积⏎分):
 * each is one box, wrapping inside only when wider than its cell (of the 九宫格, or of the rules' table).
 */
export function PrizeName({ name }: { name: string }) {
  const words = wordsOf(name);
  if (words.length === 1) return name;
  return words.map((word, i) => (
    <span key={i} className="draw-grid__word">
      {word}
    </span>
  ));
}

/** Said after the landed cell's prize. */
const LANDED_SUFFIX = '（本次结果）';

export interface GridCell {
  id: string;
  name: string;
  kind: 'points' | 'thanks';
}

export function DrawGrid({
  cells,
  lit,
  landed,
  won = false,
  children,
}: {
  cells: readonly GridCell[];
  lit: number | null;
  landed: number | null;
  won?: boolean;
  children: ReactNode;
}) {
  const state = lit !== null ? 'spinning' : landed !== null ? 'landed' : 'idle';
  return (
    <div className="draw-grid" data-state={state}>
      <ul className="draw-grid__cells" aria-label="奖品">
        {cells.length === 0
          ? Array.from({ length: RING_SIZE }, (_, i) => <li key={i} className="draw-grid__cell draw-grid__cell--empty" aria-hidden="true" />)
          : cells.map((cell, i) => (
              <li
                key={i}
                className={`draw-grid__cell draw-grid__cell--${cell.kind}${i === lit ? ' draw-grid__cell--lit' : ''}${i === landed ? ' draw-grid__cell--landed' : ''}${i === landed && won ? ' draw-grid__cell--won' : ''}`}
                // The name a screen reader gives the cell (a list item takes none from its content); the
                // same words are its content, for readers that read that instead.
                aria-label={i === landed ? `${cell.name}${LANDED_SUFFIX}` : cell.name}
                aria-current={i === landed ? 'true' : undefined}
              >
                <span className="draw-grid__glyph" aria-hidden="true">
                  {cell.kind === 'points' ? '积' : '谢'}
                </span>
                <span className="draw-grid__name">
                  <PrizeName name={cell.name} />
                </span>
                {i === landed ? <span className="visually-hidden">{LANDED_SUFFIX}</span> : null}
              </li>
            ))}
      </ul>
      {children}
    </div>
  );
}
