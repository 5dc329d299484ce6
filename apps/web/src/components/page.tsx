// Page frame: a <main> landmark with the page heading, padded by the safe-area insets (base.css).
import type { ReactNode } from 'react';
import './page.css';

/** `titleHidden`: the page shows its name otherwise (a brand header): the heading stays for screen readers only. */
export function Page({
  title,
  titleHidden,
  lead,
  children,
  className,
}: {
  title: string;
  titleHidden?: boolean;
  lead?: ReactNode;
  children?: ReactNode;
  className?: string;
}) {
  return (
    <main className={className ? `page ${className}` : 'page'}>
      <h1 className={titleHidden ? 'page__title visually-hidden' : 'page__title'}>{title}</h1>
      {lead ? <p className="page__lead">{lead}</p> : null}
      {children}
    </main>
  );
}

/** A white block on the grey page background. */
export function Card({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <section className="card" aria-label={label}>
      {children}
    </section>
  );
}
