// The bank-card tile on home and 我的 (SPEC §1 bank card binding): how many cards are bound and which is the
// default, at a glance, and the way to the list. Logged out it asks nothing and still leads to /bank-cards,
// whose login guard asks for a session. No session while the page is prerendered: the logged-out entry.
import { lazy, Suspense } from 'react';
import { SummaryTile, type SummaryTileProps } from '../../../components/summary-tile';
import { useSession } from '../../../lib/session';

/** The tile in each of its states: the same link, icon and title. */
export function BankCardsTileFrame(props: Pick<SummaryTileProps, 'hint' | 'busy' | 'badge' | 'badgeClassName'>) {
  return (
    <SummaryTile
      to="/bank-cards"
      tone="green"
      icon={<path d="M3 7.5A1.5 1.5 0 0 1 4.5 6h15A1.5 1.5 0 0 1 21 7.5v9a1.5 1.5 0 0 1-1.5 1.5h-15A1.5 1.5 0 0 1 3 16.5zM3 10h18M6.5 14.5h4" />}
      title="银行卡"
      {...props}
    />
  );
}

// The logged-in part (the list call and what it says) is a chunk of its own, fetched after the first paint:
// home's first load is at its budget (e2e/bundle-budget.spec.ts), and a logged-out visitor never needs it.
// When the chunk cannot be fetched, the tile stays a plain way in, like when the call fails.
const BankCardsSummary = lazy(() => import('./bank-cards-summary').catch(() => ({ default: () => <BankCardsTileFrame hint="点击查看我的银行卡" /> })));

export function BankCardsTile() {
  const session = useSession();
  // Logged out: grey like the other tiles' entries; the action colour is for an account with no card yet.
  if (session === null || session.accessToken === null) return <BankCardsTileFrame hint="登录后绑定银行卡" badge="去绑定" />;
  return (
    <Suspense fallback={<BankCardsTileFrame hint="正在查询…" busy />}>
      <BankCardsSummary />
    </Suspense>
  );
}
