// The gift's one primary button (docs/api.md "New-user gift"), following new-user-gift-info's state:
// 立即领取 claims; 先完成实名认证 leads to /mine/identity; 登录领取 (no session) to login and back; 已领取 (with where the points and vouchers are, or
// that another account of the same person claimed), 活动已结束 and 活动暂未开放 are disabled and say why.
// Every press claims under a new idempotency key and a press whose answer was lost is resent under the
// same one (lib/keyed-presses.ts); a refusal is explained under the button and the state read again.
import { chinaDate, chinaDateTime, CODE, SUBCODE, type ApiResponse } from '@tyd/protocol/wire';
import { useId, useState } from 'react';
import { Button } from '../../../components/button';
import { Link } from '../../../components/link';
import { clientConfig } from '../../../lib/api-client';
import { createKeyedPresses, useKeyedPress, type KeyedPresses } from '../../../lib/keyed-presses';
import { toast } from '../../../lib/notify';
import { claimNewUserGift, type GiftClaim } from '../api/claim-new-user-gift';
import type { NewUserGiftInfo } from '../api/new-user-gift-info';
import { daysLeftText, giftAction, GIFT_LOGIN_PATH } from '../utils/gift-texts';

export const UNRESOLVED_TEXT = '网络异常，未能确认领取结果。重新获取不会重复领取。';

/** Answers that change what the page should show: said under the button, then the state is read again. */
const REFUSALS: readonly (string | undefined)[] = [
  SUBCODE.IDENTITY_NOT_VERIFIED,
  SUBCODE.GIFT_CLOSED,
  SUBCODE.GIFT_WINDOW_CLOSED,
  SUBCODE.GIFT_CLAIMED_ELSEWHERE,
  SUBCODE.GIFT_ITEM_UNAVAILABLE,
];

/** `onChanged`: the state on the server changed (a claim, or a refusal that says the page is stale). */
export function GiftClaimPanel({ info, onChanged }: { info: NewUserGiftInfo; onChanged: () => void }) {
  const [presses] = useState<KeyedPresses<GiftClaim>>(() => createKeyedPresses(claimNewUserGift));
  const { busy, unresolved, press } = useKeyedPress(handleAnswer);
  const [claim, setClaim] = useState<GiftClaim | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const noteId = useId();
  // The server's time as this client knows it (SPEC §4 clock offset), when the page opened: for 还剩N天.
  const [now] = useState(() => Date.now() + clientConfig().clockOffset);

  function handleAnswer(answer: ApiResponse<GiftClaim>) {
    if (answer.code === CODE.OK && answer.data) {
      setClaim(answer.data);
      onChanged();
      return;
    }
    if (REFUSALS.includes(answer.subcode)) {
      setRefusal(answer.submsg || answer.msg);
      onChanged();
    } else if (answer.code !== CODE.SILENT && answer.code !== CODE.UNAUTHORIZED) {
      // SPEC §8: any other code is a failure toast with submsg, else msg (401 goes to login by itself).
      toast(answer.submsg || answer.msg, 'fail');
    }
  }

  function handleClaim() {
    if (busy) return;
    setRefusal(null);
    void press(presses);
  }

  // The claim's answer counts until the refetched info says so too.
  const state = claim ? 'claimed' : info.state;
  const elsewhere = claim ? false : info.claimedElsewhere;
  const action = giftAction({ ...info, state, claimedElsewhere: elsewhere });
  const open = state === 'claimable' || state === 'needs-verification';
  const contents = claim?.contents ?? info.contents;
  const claimedAt = claim?.claimedAt ?? info.claimedAt;

  return (
    <div className="gift-claim">
      {open && info.deadline !== null ? (
        <p className="gift-claim__deadline">
          <strong>{daysLeftText(info.deadline, now)}</strong>
          <span>活动截止 {chinaDate(info.deadline)}</span>
        </p>
      ) : null}
      {state === 'claimable' ? (
        <Button block busy={busy} onClick={handleClaim}>
          {busy ? '领取中…' : unresolved ? '重新获取结果' : action.label}
        </Button>
      ) : state === 'needs-verification' ? (
        <Link className="btn btn--primary btn--block" to="/mine/identity" aria-describedby={noteId}>
          {action.label}
        </Link>
      ) : state === 'needs-login' ? (
        <Link className="btn btn--primary btn--block" to={GIFT_LOGIN_PATH} aria-describedby={noteId}>
          {action.label}
        </Link>
      ) : (
        <Button block disabled className={state === 'claimed' ? 'gift-claim__claimed' : undefined} aria-describedby={action.note ? noteId : undefined}>
          {action.label}
        </Button>
      )}
      <div className="gift-claim__outcome" aria-live="polite">
        {action.note ? (
          <p className="gift-claim__note" id={noteId}>
            {action.note}
          </p>
        ) : null}
        {state === 'claimable' && busy ? <p className="gift-claim__pending">正在领取，请稍候…</p> : null}
        {state === 'claimable' && !busy && unresolved ? (
          <p className="gift-claim__alert" role="alert">
            {UNRESOLVED_TEXT}
          </p>
        ) : null}
        {state === 'claimable' && !busy && refusal ? (
          <p className="gift-claim__alert" role="alert">
            {refusal}
          </p>
        ) : null}
        {state === 'claimed' && !elsewhere ? (
          <div className="gift-done">
            <p className="gift-done__title">{claim && !claim.repeated ? '领取成功，礼包已发放到您的账户' : '礼包已发放到您的账户'}</p>
            {claimedAt !== null ? <p className="gift-done__time">领取时间 {chinaDateTime(claimedAt)}</p> : null}
            <p className="gift-done__links">
              {contents.some((line) => line.kind === 'voucher') ? <Link to="/activity-exchange">查看我的卡券</Link> : null}
              {contents.some((line) => line.kind === 'points') ? <Link to="/activity/points">查看我的积分</Link> : null}
            </p>
          </div>
        ) : null}
      </div>
    </div>
  );
}
