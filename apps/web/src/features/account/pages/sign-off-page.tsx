// /mine/signOff (SPEC §1, §2): account deregistration. It says plainly what this account loses, with its own
// figures (points, usable vouchers, bound cards, unanswered questions, a verified identity: PIPL art. 47,
// docs/api.md deregistration-impact), what is erased, what the law makes us keep and for how long, and that
// it cannot be undone; the confirmation repeats the figures. The figures never hold deregistration up: when
// they cannot be read, the dialog says so and the person may still go on. It asks for a fresh SMS code (purpose
// 'deregister', sent to the account's own phone); confirms in a dialog; then `cancel`. Code 200 clears
// the session (SPEC §4) and the page shows that it is done. No other conditions are put in the way
// (deregistration completes at once, docs/api.md cancel). Logged-out visitors never get here: the app's login
// guard sends them to login with a way back.
import { useEffect, useState, useSyncExternalStore } from 'react';
import { CODE, SUBCODE } from '@tyd/protocol/wire';
import { Button } from '../../../components/button';
import { Dialog } from '../../../components/dialog';
import { Link } from '../../../components/link';
import { LoadFailed, Loading } from '../../../components/load-states';
import { Card, Page } from '../../../components/page';
import { SmsCodeField } from '../../../components/sms-code-field';
import { Tip } from '../../../components/tip';
import { reportCallFailure } from '../../../lib/api-errors';
import { toast } from '../../../lib/notify';
import { sessionStore } from '../../../lib/session';
import type { QueryResult } from '../../../lib/server-state';
import { useSmsCode, warmSmsSender } from '../../../lib/use-sms-code';
import { signOff } from '../api/cancel-account';
import { useDeregistrationImpact, type DeregistrationImpact } from '../api/deregistration-impact';
import SignOffDone from '../components/sign-off-done';
import './sign-off-page.css';

/** Years the identity record is kept after deregistration (docs/api.md cancel: PRC AML Law, 10 years). */
export const RETENTION_YEARS = 10;

/** Answers of cancel that concern the code (protocol codes.ts). */
const CODE_FIELD_SUBCODES: readonly string[] = [SUBCODE.SMS_CODE_WRONG, SUBCODE.SMS_CODE_EXPIRED, SUBCODE.SMS_VERIFY_LOCKED];

/** One thing deregistration takes from this account: 积分 450, 银行卡 1 张（将解除绑定）. */
interface Loss {
  label: string;
  figure?: string;
  note?: string;
}

/** What the account holds that deregistration takes, only what it holds, in the order the page lists it. */
function lossesOf(impact: DeregistrationImpact): Loss[] {
  const losses: Loss[] = [];
  if (impact.pointsBalance > 0) losses.push({ label: '积分', figure: String(impact.pointsBalance) });
  if (impact.usableVouchers > 0) losses.push({ label: '卡券', figure: `${impact.usableVouchers} 张` });
  if (impact.bankCards > 0) losses.push({ label: '银行卡', figure: `${impact.bankCards} 张`, note: '将解除绑定' });
  if (impact.openQuestions > 0) losses.push({ label: '未回复的客服提问', figure: `${impact.openQuestions} 条` });
  if (impact.identityVerified) losses.push({ label: '实名认证信息', note: '新账号需重新认证' });
  return losses;
}

const lossText = (loss: Loss) => `${loss.figure ? `${loss.label} ${loss.figure}` : loss.label}${loss.note ? `（${loss.note}）` : ''}`;

const holdsNoValue = (impact: DeregistrationImpact) => impact.pointsBalance === 0 && impact.usableVouchers === 0 && impact.bankCards === 0;
const NO_VALUE = '您的账号中没有积分、卡券或银行卡。';

/** 注销后将失去, with this account's own figures (the card near the top of the page). */
function Losses({ impact }: { impact: QueryResult<DeregistrationImpact> }) {
  const { data } = impact;
  let body;
  if (data) {
    const losses = lossesOf(data);
    body = (
      <>
        {losses.length > 0 ? (
          <ul className="sign-off__losses">
            {losses.map((loss) => (
              <li key={loss.label} className="sign-off__loss">
                <span className="sign-off__loss-what">
                  {loss.label}
                  {loss.note ? <span className="sign-off__loss-note">{loss.note}</span> : null}
                </span>
                {loss.figure ? <span className="sign-off__figure">{loss.figure}</span> : null}
              </li>
            ))}
          </ul>
        ) : null}
        {holdsNoValue(data) ? <p className="sign-off__text">{NO_VALUE}</p> : null}
        {data.pointsBalance > 0 || data.usableVouchers > 0 ? (
          <p className="sign-off__hint">积分和卡券将随账号作废，无法恢复，也不能转给他人；已过期的卡券不计在内。</p>
        ) : null}
      </>
    );
  } else if (impact.status === 'loading') {
    body = <Loading />;
  } else {
    body = <LoadFailed error={impact.error} onRetry={impact.refetch} />;
  }
  return (
    <Card label="注销后将失去">
      <h2 className="sign-off__heading">注销后将失去</h2>
      {body}
    </Card>
  );
}

/** The same figures, short, in the confirmation: said whatever happened to them, never waited for. */
function DialogLosses({ impact }: { impact: QueryResult<DeregistrationImpact> }) {
  const { data } = impact;
  if (!data) {
    return (
      <p className="sign-off__dialog-losses">
        {impact.status === 'loading' ? '正在读取您账号中的积分、卡券和银行卡…' : '未能加载您账号中的积分、卡券和银行卡数量；如有，注销后将一并失去。'}
      </p>
    );
  }
  const losses = lossesOf(data);
  return (
    <>
      {losses.length > 0 ? <p className="sign-off__dialog-losses">您将失去：{losses.map(lossText).join('、')}。</p> : null}
      {holdsNoValue(data) ? <p className="sign-off__dialog-losses">{NO_VALUE}</p> : null}
    </>
  );
}

function Consequences() {
  return (
    <>
      <Card label="注销后将删除的信息">
        <h2 className="sign-off__heading">注销后将立即删除</h2>
        <ul className="sign-off__list">
          <li>您的账号，以及手机号与账号的关联；</li>
          <li>所有设备上的登录状态，注销后会立即退出；</li>
          <li>邀请码、邀请关系、消息通知和各项授权记录；</li>
          <li>您提交过的实名认证、银行卡等个人信息（如有）。</li>
        </ul>
      </Card>
      <Card label="依法保留的信息">
        <h2 className="sign-off__heading">依法需保留的信息</h2>
        <p className="sign-off__text">
          根据《中华人民共和国反洗钱法》，我们须保留您的身份识别记录（手机号、注册与注销时间，已实名认证的还有姓名、身份证号及其有效期和认证时间，不含证件照片）以及隐私政策和用户协议的同意记录，自注销之日起保存
          {RETENTION_YEARS}年。这些记录加密后单独存放，不能用于登录，也不会与您今后的新账号关联，仅在监管或司法机关依法查询时使用，期满后删除。
        </p>
      </Card>
      <Tip>注销后账号无法恢复。您仍可用同一手机号重新注册，但那将是一个全新的账号，原账号的数据不会恢复。</Tip>
    </>
  );
}

export default function SignOffPage() {
  const session = useSyncExternalStore(sessionStore.subscribe, sessionStore.get);
  // The masked phone, kept for the done state after the session is cleared.
  const [phone] = useState(session.phone);
  // Sent to the account's own phone: no number in the request (docs/api.md sms-send-v1).
  const sms = useSmsCode({ purpose: 'deregister' });
  const [confirming, setConfirming] = useState(false);
  const [done, setDone] = useState(false);
  // While cancel runs: its success clears the session before `done` is set, which must not flash the
  // logged-out view.
  const [cancelling, setCancelling] = useState(false);
  // Only with a session: deregistration clears it, and the done view must not read again (a 401).
  const impact = useDeregistrationImpact(Boolean(session.accessToken));
  // The send call is fetched right after the page has rendered, and awaited when used.
  useEffect(warmSmsSender, []);

  if (done) return <SignOffDone phone={phone} />;

  function handleRequest() {
    if (sms.checkCode()) setConfirming(true);
  }

  async function handleConfirm() {
    setConfirming(false);
    setCancelling(true);
    let response;
    try {
      response = await signOff({ smsCode: sms.code });
    } catch (error) {
      return reportCallFailure(error);
    } finally {
      setCancelling(false);
    }
    if (response.code === CODE.OK) return setDone(true);
    if (response.code === CODE.SILENT || response.code === CODE.UNAUTHORIZED) return;
    const text = response.submsg || response.msg;
    if (response.subcode && CODE_FIELD_SUBCODES.includes(response.subcode)) return sms.showError(text);
    toast(text, 'fail');
  }

  if (!session.accessToken && !cancelling) {
    // Only when the session ended while this page was open (elsewhere, or on another device).
    return (
      <Page title="注销账号" lead="登录已失效，请重新登录后再申请注销。">
        <Link className="btn btn--primary btn--block" to={`/login?returnUrl=${encodeURIComponent('/mine/signOff')}`}>
          去登录
        </Link>
      </Page>
    );
  }

  return (
    <Page title="注销账号" lead="注销后无法撤销，请先仔细阅读以下说明。">
      <Losses impact={impact} />
      <Consequences />
      <Card label="验证身份">
        <h2 className="sign-off__heading">验证身份</h2>
        <p className="sign-off__text">
          验证码将发送至 <strong className="sign-off__phone">{session.phone ?? '您账号绑定的手机号'}</strong>，用于确认是您本人操作。
        </p>
        <SmsCodeField sms={sms} />
      </Card>
      <div className="sign-off__actions">
        <Button block className="sign-off__danger" onClick={handleRequest}>
          申请注销
        </Button>
        <Link className="btn btn--text sign-off__cancel" to="/">
          暂不注销，返回首页
        </Link>
      </div>
      <Dialog
        open={confirming}
        title="确认注销账号？"
        onClose={() => setConfirming(false)}
        actions={
          <>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              取消
            </Button>
            <Button className="sign-off__danger" onClick={handleConfirm}>
              确认注销
            </Button>
          </>
        }
      >
        <p>注销后，账号{session.phone ? ` ${session.phone} ` : ''}及其数据将被立即删除，无法恢复。</p>
        <DialogLosses impact={impact} />
      </Dialog>
    </Page>
  );
}
