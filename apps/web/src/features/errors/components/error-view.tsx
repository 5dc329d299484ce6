// The layout shared by the 404 and 500 pages: a big status code, what happened, what to do.
import type { ReactNode } from 'react';
import './error-view.css';

export function ErrorView({ code, title, text, children }: { code: string; title: string; text: string; children: ReactNode }) {
  return (
    <main className="error-view">
      <p className="error-view__code" aria-hidden="true">
        {code}
      </p>
      <h1 className="error-view__title">
        <span className="visually-hidden">{code} </span>
        {title}
      </h1>
      <p className="error-view__text">{text}</p>
      <div className="error-view__actions">{children}</div>
    </main>
  );
}
