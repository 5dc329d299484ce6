// The bottom tab bar of the two top-level pages, 首页 and 我的, as in every Chinese finance app: always
// in reach of the thumb, padded by the bottom safe-area inset. Tabs are links, so the router's guards
// and history apply; the current tab is marked with aria-current.
import { Link } from './link';
import './tab-bar.css';

const TABS = [
  { to: '/', label: '首页', icon: 'M4 11.5 12 5l8 6.5V20a1 1 0 0 1-1 1h-4.5v-5.5h-5V21H5a1 1 0 0 1-1-1Z' },
  { to: '/mine', label: '我的', icon: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm-7.5 8.5c.6-3.7 3.6-6 7.5-6s6.9 2.3 7.5 6' },
] as const;

export function TabBar({ current }: { current: (typeof TABS)[number]['to'] }) {
  return (
    <nav className="tab-bar" aria-label="主导航">
      {TABS.map((tab) => (
        <Link key={tab.to} to={tab.to} replace className="tab-bar__tab" aria-current={tab.to === current ? 'page' : undefined}>
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
            <path d={tab.icon} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" strokeLinecap="round" />
          </svg>
          <span>{tab.label}</span>
        </Link>
      ))}
    </nav>
  );
}

/** Room the fixed tab bar takes at the bottom of a page that shows it. */
export const TAB_BAR_CLASS = 'with-tab-bar';
