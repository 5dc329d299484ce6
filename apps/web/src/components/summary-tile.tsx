// A capability's tile on home and 我的 (messages, certification, bank cards, points): its icon, its
// name, one line of state and a badge, all one link into the capability. One component and one
// stylesheet, so the tiles look and behave alike and a change reaches all of them. (It saves no
// first-load bytes: gzip had already folded the markup the tiles repeated; measured with
// bench/web-sizes.ts.)
import type { ReactNode } from 'react';
import { Link } from './link';
import './summary-tile.css';

export interface SummaryTileProps {
  to: string;
  title: string;
  /** The icon's drawing: the children of a 24×24 outlined svg (stroke in the tone's colour). */
  icon: ReactNode;
  tone: 'blue' | 'orange' | 'red' | 'green';
  /** The state in one short line. */
  hint: string;
  /** The hint is "still asking": said to assistive technology as busy. */
  busy?: boolean;
  /** Nothing (no badge), or its text; `badgeClassName` replaces the default grey pill. */
  badge?: string | number | null;
  badgeClassName?: string;
  /** A class besides `summary-tile`, naming which capability's tile it is for its own stylesheet. */
  className?: string;
}

export function SummaryTile({ to, title, icon, tone, hint, busy, badge, badgeClassName = 'summary-tile__badge', className }: SummaryTileProps) {
  return (
    // Named by its visible words (title, state, badge), never a different label (WCAG 2.1 2.5.3).
    <Link className={className ? `summary-tile ${className}` : 'summary-tile'} to={to}>
      <span className={`summary-tile__icon summary-tile__icon--${tone}`} aria-hidden="true">
        <svg viewBox="0 0 24 24" width="24" height="24" fill="none" stroke="currentColor" strokeWidth="1.8">
          {icon}
        </svg>
      </span>
      <span className="summary-tile__text">
        <span className="summary-tile__title">{title}</span>
        <small aria-busy={busy || undefined}>{hint}</small>
      </span>
      {badge == null ? null : <span className={badgeClassName}>{badge}</span>}
    </Link>
  );
}
