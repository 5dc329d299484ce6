// The latest important notice as a banner on home (SPEC §7 home-page-notice). Closing it hides that
// notice on this device for good (remembered in localStorage by its id); a newer one shows again. The
// last MAX_DISMISSED closed ids are kept, newest first, space-separated: an older notice that is the
// latest again once a newer one is taken down stays closed.
import { useState } from 'react';
import { Link } from '../../../components/link';
import { useHydrated } from '../../../lib/hydration';
import { local } from '../../../lib/storage';
import { useHomePageNotice } from '../api/home-page-notice';
import './notices.css';

export const DISMISSED_NOTICE_KEY = 'tyd.dismissedNotice';
export const MAX_DISMISSED = 20;
const dismissedIds = () => (local.get(DISMISSED_NOTICE_KEY) ?? '').split(' ').filter(Boolean);

export function HomeNoticeBanner() {
  const hydrated = useHydrated();
  const answer = useHomePageNotice();
  const [dismissed, setDismissed] = useState<string | null>(null);
  const notice = answer.data?.notice;
  if (!hydrated || !notice || dismissed === notice.id || dismissedIds().includes(notice.id)) return null;
  function handleClose() {
    if (!notice) return;
    local.set(DISMISSED_NOTICE_KEY, [notice.id, ...dismissedIds()].slice(0, MAX_DISMISSED).join(' '));
    setDismissed(notice.id);
  }
  return (
    <aside className="home-banner" aria-label="重要通知">
      {/* The whole banner but the close button opens the notice: the icon and the padding are in the link too. */}
      <Link className="home-banner__link" to={`/messages/notice?id=${encodeURIComponent(notice.id)}`}>
        <svg className="home-banner__icon" viewBox="0 0 20 20" aria-hidden="true" fill="currentColor">
          <path d="M3 8v4h3l5 4V4L6 8H3zm11.5 2a3.5 3.5 0 0 0-2-3.2v6.4a3.5 3.5 0 0 0 2-3.2z" />
        </svg>
        <span>{notice.title}</span>
      </Link>
      <button type="button" className="home-banner__close" aria-label="关闭通知" onClick={handleClose}>
        ×
      </button>
    </aside>
  );
}
