// Tip block (SPEC §2): a short notice inside a page, as a WAI-ARIA note.
import type { ReactNode } from 'react';
import './feedback.css';

export function Tip({ children, tone = 'warn' }: { children: ReactNode; tone?: 'warn' | 'info' }) {
  return (
    <div className={`tip${tone === 'info' ? ' tip--info' : ''}`} role="note">
      <svg className="tip__icon" viewBox="0 0 20 20" aria-hidden="true" fill="currentColor">
        <path d="M10 1a9 9 0 1 0 0 18 9 9 0 0 0 0-18Zm-1 5h2v6H9V6Zm0 7h2v2H9v-2Z" />
      </svg>
      <div>{children}</div>
    </div>
  );
}
