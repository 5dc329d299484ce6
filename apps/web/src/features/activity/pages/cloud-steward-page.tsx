// /cloudSteward/index, name cloudStewardIndex (SPEC §1, §2 新人礼; docs/api.md "New-user gift"): the gift
// for new users — what it holds, until when it can be claimed, one button that follows the account's
// state, and the rules, always on the page. Warm but plain: a finance page, so no confetti and no
// invented values. Open to visitors without a session too: a new visitor sees the offer, then 登录领取.
// The heading and, for a visitor known to have no session, 登录领取 come from the build (docs/architecture.md
// "Delivery": the page's largest element needs no call); the package and the rules follow the call.
import { Button } from '../../../components/button';
import { Link } from '../../../components/link';
import { Card, Page } from '../../../components/page';
import { TrustFooter } from '../../../components/trust-footer';
import { userMessage } from '../../../lib/api-errors';
import { useSession } from '../../../lib/session';
import { getNewUserGiftInfo, useNewUserGiftInfo } from '../api/new-user-gift-info';
import { GiftClaimPanel } from '../components/gift-claim';
import { GiftLines } from '../components/gift-lines';
import { GiftRules } from '../components/gift-rules';
import { GIFT_LOGIN_PATH } from '../utils/gift-texts';
import '../components/gift.css';

export default function CloudStewardPage() {
  const query = useNewUserGiftInfo();
  const info = query.data;
  // Null while unknown (the neutral first screen, lib/session.ts): no action is offered then.
  const session = useSession();
  return (
    <Page title="新人礼" lead="新用户专享礼包，完成实名认证即可领取。">
      {info ? (
        <>
          <Card label="新人礼包">
            <div className="gift-hero">
              <span className="gift-hero__badge">新人专享</span>
              <h2 className="gift-hero__title">{info.state === 'claimed' && !info.claimedElsewhere ? '您已领取的新人礼包' : '送您一份新人礼包'}</h2>
            </div>
            {info.contents.length > 0 ? <GiftLines lines={info.contents} pointsValidDays={info.pointsValidDays} /> : null}
            <GiftClaimPanel info={info} onChanged={query.refetch} />
          </Card>
          <GiftRules info={info} />
        </>
      ) : query.status === 'error' ? (
        <Card>
          <p className="gift__error" role="alert">
            {userMessage(query.error)}
          </p>
          <Button block variant="secondary" onClick={() => query.refetchWith((signal) => getNewUserGiftInfo(signal, true))}>
            重新加载
          </Button>
        </Card>
      ) : (
        <Card>
          <div className="gift-hero">
            <span className="gift-hero__badge">新人专享</span>
            <h2 className="gift-hero__title">送您一份新人礼包</h2>
          </div>
          <p className="gift__muted" role="status" aria-busy="true">
            正在加载活动信息…
          </p>
          {session && session.accessToken === null ? (
            <Link className="btn btn--primary btn--block" to={GIFT_LOGIN_PATH}>
              登录领取
            </Link>
          ) : null}
        </Card>
      )}
      <TrustFooter />
    </Page>
  );
}
