// 如何获得积分, under 抽奖 when the points are not enough (docs/api.md "Points and the lucky draw", the web
// pages): a refusal with a way on, never a dead end. Only what really grants points in this service, each
// with the page where it happens: an invitation (the inviter's reward once the friend is verified, docs/api.md
// "Invitations"), a redeem code (兑换码 on 积分兑换, "Redeem codes") and the new-user gift ("New-user gift",
// for a new account, so worded as such). Operators' grants and draw prizes need nothing from the user and
// are not offered as a way.
import { Link } from '../../../components/link';

const WAYS = [
  { title: '邀请好友', text: '好友注册并完成实名认证，您可获得积分奖励', to: '/activity/invite', action: '去邀请' },
  { title: '兑换码', text: '有活动兑换码？在积分兑换页输入即可领取', to: '/activity-exchange', action: '去兑换' },
  { title: '新人礼', text: '新注册用户完成实名认证后，可在活动期内领取', to: '/cloudSteward/index', action: '去看看' },
] as const;

export function EarnPoints() {
  return (
    <section className="earn" aria-labelledby="earn-points-heading">
      <h3 className="earn__heading" id="earn-points-heading">
        如何获得积分
      </h3>
      <ul className="earn__list">
        {WAYS.map((way) => (
          <li key={way.to} className="earn__way">
            <span className="earn__text">
              <strong>{way.title}</strong>
              <small>{way.text}</small>
            </span>
            <Link className="btn btn--secondary earn__go" to={way.to} aria-label={`${way.action}：${way.title}`}>
              {way.action}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
