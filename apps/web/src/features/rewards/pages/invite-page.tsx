// /activity/invite 邀请好友 (SPEC §1 invite codes; docs/api.md "Invitations"): the user's invite code to
// copy or share (inside the app through the bridge's share sheet, docs/bridge.md "share"), what an
// invitation earns and when, and the friends who registered with it, masked, with where each stands.
import { chinaDate } from '@tyd/protocol/wire';
import { Button } from '../../../components/button';
import { Link } from '../../../components/link';
import { Card, Page } from '../../../components/page';
import { Tip } from '../../../components/tip';
import { toast } from '../../../lib/notify';
import { sharePage } from '../../../lib/share';
import { useInviteSummary, useMyInvitees, type Invitee } from '../api/my-invitees';
import { PagedListStates } from '../../../components/load-states';
import '../components/rewards.css';
import '../components/invite.css';

/** Where a friend's invitation link leads: login with the code filled in (features/auth login page). */
export const invitePath = (inviteCode: string) => `/login?${new URLSearchParams({ inviteCode, pageTitle: '好友邀请您加入通盈达' }).toString()}`;

const STATE_TEXT: Record<Invitee['state'], string> = {
  registered: '已注册，待实名认证',
  verified: '已实名认证',
  rewarded: '已发放奖励',
};

async function copyCode(inviteCode: string) {
  try {
    await navigator.clipboard.writeText(inviteCode);
    toast('邀请码已复制', 'success');
  } catch {
    // Some webviews allow no clipboard: the code is on screen to copy by hand.
    toast(`请手动复制邀请码：${inviteCode}`, 'info');
  }
}

export default function InvitePage() {
  const summary = useInviteSummary();
  const invitees = useMyInvitees();
  const info = summary.data;
  return (
    <Page title="邀请好友">
      <Card label="我的邀请码">
        <div className="invite__hero">
          <p className="invite__lead">{info ? `好友注册并完成实名认证，您得${info.rewardPoints}积分` : '邀请好友注册并完成实名认证，得积分奖励'}</p>
          <p className="invite__code-label">我的邀请码</p>
          <p className="invite__code" aria-busy={!info} aria-live="polite">
            {info ? info.inviteCode : '········'}
          </p>
          <div className="invite__actions">
            <Button variant="secondary" disabled={!info} onClick={() => info && void copyCode(info.inviteCode)}>
              复制邀请码
            </Button>
            <Button
              disabled={!info}
              onClick={() =>
                info && void sharePage({ title: '邀请您加入通盈达', path: invitePath(info.inviteCode), summary: `我的邀请码 ${info.inviteCode}，注册时填写` })
              }
            >
              分享给好友
            </Button>
          </div>
        </div>
        {info && !info.verified ? (
          <div className="invite__verify">
            <Tip>完成实名认证后，好友的邀请奖励才会发放给您。</Tip>
            <Link className="btn btn--secondary btn--block" to="/mine/identity">
              去实名认证
            </Link>
          </div>
        ) : null}
        {info ? (
          <dl className="invite__totals">
            <div>
              <dt>已获奖励</dt>
              <dd>{info.rewarded}人</dd>
            </div>
            <div>
              <dt>累计积分</dt>
              <dd>{info.pointsEarned}</dd>
            </div>
          </dl>
        ) : null}
      </Card>
      <Card label="我邀请的好友">
        <h2 className="rewards__heading">我邀请的好友</h2>
        <PagedListStates list={invitees}>
          <ul className="rewards__list" aria-label="我邀请的好友">
            {invitees.items.map((invitee) => (
              <li key={invitee.id} className="rewards__row">
                <span className="rewards__row-main">
                  <span className="rewards__row-title">{invitee.phone}</span>
                  <small>{chinaDate(invitee.registeredAt)}注册</small>
                </span>
                <span className={`invite__state invite__state--${invitee.state}`}>{STATE_TEXT[invitee.state]}</span>
              </li>
            ))}
          </ul>
        </PagedListStates>
      </Card>
      <Card label="活动规则">
        <h2 className="rewards__heading">活动规则</h2>
        <ol className="rewards__rules">
          <li>好友通过您的邀请链接或填写您的邀请码注册通盈达账户。</li>
          <li>好友完成实名认证，且您本人也已完成实名认证后，{info ? `${info.rewardPoints}积分` : '积分奖励'}将自动存入您的账户，并通过消息通知您。</li>
          <li>每位好友（以实名身份为准）只能为邀请人带来一次奖励；同一人的多个账户、邀请自己的其他账户均不发放奖励。</li>
          <li>奖励积分可用于积分抽奖和积分兑换，有效期见“我的积分”。</li>
        </ol>
      </Card>
    </Page>
  );
}
