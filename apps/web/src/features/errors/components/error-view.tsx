// The layout shared by the error views (404, 500, offline): a big mark, what happened, what to do, and
// where to get help (帮助与客服: the service phone, 常见问题, a question). That link is a plain page load,
// not the router's: an error view may show when the app itself failed, and a fresh load is what recovers.
import type { ReactNode } from 'react';
import './error-view.css';

/** `code` is the status shown large (and read out before the title); `icon` replaces it where there is none. */
export function ErrorView({ code, icon, title, text, children }: { code?: string; icon?: ReactNode; title: string; text: string; children: ReactNode }) {
  return (
    <main className="error-view">
      {code ? (
        <p className="error-view__code" aria-hidden="true">
          {code}
        </p>
      ) : (
        icon
      )}
      <h1 className="error-view__title">
        {code ? <span className="visually-hidden">{code} </span> : null}
        {title}
      </h1>
      <p className="error-view__text">{text}</p>
      <div className="error-view__actions">{children}</div>
      <p className="error-view__help">
        仍有问题？<a href="/mine/help">联系客服</a>
      </p>
    </main>
  );
}
