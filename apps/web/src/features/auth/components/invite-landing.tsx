// The invite landing, above the login form on /login?inviteCode=… in a browser (docs/api.md "Invitations",
// "/login"): who invited the visitor (the inviter's phone masked 3+4+4, SPEC §3, all the server reveals)
// and what each of them gets, as configured: the invitee the new-user gift once verified (the invitation
// itself pays the invitee nothing), the inviter INVITE_REWARD_POINTS once the friend is verified. Inside
// the app /login opens the app's own login (app/app-login.ts), so this is never shown there. A code the
// server does not know names nobody: the landing steps aside and the form says what is wrong on login.
import { useInviteOrigin, useGiftOffer, type GiftOffer } from '../api/invite-landing';

/** The gift's lines in a sentence: 100积分、7天免息券; null when there is nothing to offer. */
export function giftSummary(offer: GiftOffer | undefined): string | null {
  if (!offer || offer.state === 'closed' || offer.contents.length === 0) return null;
  return offer.contents.map((line) => (line.kind === 'points' ? `${line.points}积分` : line.name)).join('、');
}

export default function InviteLanding({ inviteCode }: { inviteCode: string }) {
  const origin = useInviteOrigin(inviteCode);
  const gift = giftSummary(useGiftOffer().data);
  if (origin.status === 'error') return null;
  const inviter = origin.data;
  return (
    <section className="invite-landing" aria-labelledby="invite-landing-title" aria-busy={!inviter}>
      <h2 className="invite-landing__title" id="invite-landing-title">
        {inviter ? (
          <>
            <span className="invite-landing__phone">{inviter.inviterPhone}</span> 邀请您加入通盈达
          </>
        ) : (
          '好友邀请您加入通盈达'
        )}
      </h2>
      <ul className="invite-landing__gets">
        <li>
          <strong>您</strong>
          <span>{gift ? `注册并完成实名认证后，可领新人礼：${gift}` : '注册后即可使用通盈达的服务'}</span>
        </li>
        <li>
          <strong>邀请人</strong>
          <span>{inviter ? `您完成实名认证后，邀请人得${inviter.rewardPoints}积分` : '您完成实名认证后，邀请人得积分奖励'}</span>
        </li>
      </ul>
      <p className="invite-landing__note">下方验证手机号即可注册，邀请码已为您填好</p>
    </section>
  );
}
