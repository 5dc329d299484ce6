// A list of tappable rows (label, a hint below it, a chevron), as the entries of home and 我的: each row
// a 52 px target with a pressed state. `external` rows open a document of this site outside the router
// (a static page, not an app route) in a new tab.
import { Link } from './link';
import './link-list.css';

export interface LinkListItem {
  to: string;
  label: string;
  hint?: string;
  external?: boolean;
  /** A promotion (gifts, points, invitations): not shown in care mode (适老化通用设计规范: no inducements). */
  promo?: boolean;
  /** For the mobile browser only (APP下载): not shown inside the app, which its user already has. */
  browserOnly?: boolean;
}

export function LinkList({ items, label }: { items: readonly LinkListItem[]; label: string }) {
  return (
    <ul className="link-list" aria-label={label}>
      {items.map((item) => {
        const content = (
          <span>
            {item.label}
            {item.hint ? <small>{item.hint}</small> : null}
          </span>
        );
        return (
          <li
            key={item.to}
            className={[item.promo && 'link-list__promo', item.browserOnly && 'link-list__browser-only'].filter(Boolean).join(' ') || undefined}
          >
            {item.external ? (
              <a className="link-list__item" href={item.to} target="_blank" rel="noopener noreferrer">
                {content}
              </a>
            ) : (
              <Link className="link-list__item" to={item.to}>
                {content}
              </Link>
            )}
          </li>
        );
      })}
    </ul>
  );
}
