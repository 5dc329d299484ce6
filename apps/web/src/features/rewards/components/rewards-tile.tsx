// The 积分抽奖 tile on home and 我的: the balance and the draws left today at a glance, and the way in.
// Logged out it asks nothing and still leads to the draw page, whose login guard asks for a session. The
// info is fetched after the first paint (no session while the page is prerendered), like the identity
// tile, so home's first load carries only this small component.
import { SummaryTile } from '../../../components/summary-tile';
import { useSession } from '../../../lib/session';
import { useLuckyDrawInfo } from '../api/lucky-draw-info';

export function RewardsTile() {
  const session = useSession();
  const loggedIn = session !== null && session.accessToken !== null;
  const info = useLuckyDrawInfo(loggedIn, 'ignore');
  const data = loggedIn ? info.data : undefined;
  const asking = loggedIn && !data && info.status !== 'error';
  const hint = data
    ? data.open
      ? `今日还可抽${Math.max(0, data.drawsLeftToday)}次，每次${data.cost}积分`
      : '活动暂未开放'
    : loggedIn
      ? asking
        ? '正在查询…'
        : '点击查看积分与抽奖'
      : '登录后用积分参与抽奖';
  return (
    <SummaryTile
      to="/activity/lucky-draw"
      tone="orange"
      icon={
        <g strokeLinejoin="round">
          <rect x="3.5" y="9" width="17" height="11" rx="1.5" />
          <path d="M2.5 9h19v-1.5a1 1 0 0 0-1-1h-17a1 1 0 0 0-1 1zM12 6.5V20M12 6.5C10.5 3.5 7 3.5 7 5.3 7 6.5 9 6.5 12 6.5zM12 6.5c1.5-3 5-3 5-1.2 0 1.2-2 1.2-5 1.2z" />
        </g>
      }
      title="积分抽奖"
      hint={hint}
      busy={asking}
      badge={data ? `${data.balance}积分` : '去看看'}
    />
  );
}
