// /bank-cards/bind (添加银行卡; SPEC §1, §7 bind-bankcard + user-bind-bankcard; docs/api.md "Bank cards"),
// after agreement-payment (协议支付) binding in Chinese payment apps: the holder is the certified identity
// (never typed); step 1 takes the card number (numeric keypad, 4-4-4-4 spacing, the bank and card type named
// from the offline BIN table as it is typed, a credit card refused at once, Luhn only a hint) and the phone
// the bank has; the server checks the four elements and texts a code to that phone; step 2 takes the code.
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { CODE, SUBCODE, formatCardInput, type ApiResponse } from '@tyd/protocol/wire';
import { Button } from '../../../components/button';
import { Field } from '../../../components/field';
import { Card, Page } from '../../../components/page';
import { PhoneField } from '../../../components/phone-field';
import { reportCallFailure } from '../../../lib/api-errors';
import { toast } from '../../../lib/notify';
import { useRouter } from '../../../lib/router-react';
import { refreshBankCardList, useBankCardList } from '../api/bank-card-list';
import { useCardHolderName } from '../api/card-holder';
import { useSupportedBanks } from '../api/bank-list-new';
import { confirmBinding, startBinding, type BindStarted } from '../api/bind-bankcard';
import { AgreementLink } from '../components/agreement-link';
import { BankMark } from '../components/bank-card-face';
import { cardHintText, cardNumberProblem, describeCardInput } from '../utils/card-input';
import '../components/bank-cards.css';
import { useSmsCooldown } from '../../../lib/sms-cooldown';
import { smsNoticeText } from '../../../lib/use-sms-code';

/** Answers of step 1 shown at the card number field; the phone's at the phone field. */
const CARD_SUBCODES: readonly string[] = [
  SUBCODE.BANK_CARD_NUMBER_INVALID,
  SUBCODE.BANK_CARD_CREDIT,
  SUBCODE.BANK_NOT_SUPPORTED,
  SUBCODE.BANK_CARD_DUPLICATE,
  SUBCODE.BANK_CARD_UNUSABLE,
];
const CODE_SUBCODES: readonly string[] = [SUBCODE.SMS_CODE_WRONG, SUBCODE.SMS_CODE_EXPIRED, SUBCODE.SMS_VERIFY_LOCKED];

/** 4505's field says which element did not match (docs/sandbox.md). */
function mismatchText(response: ApiResponse): { at: 'card' | 'phone'; text: string } {
  const field = (response.data as { field?: string } | undefined)?.field;
  if (field === 'phone') return { at: 'phone', text: '手机号与银行预留手机号不一致，请核对' };
  if (field === 'card-number') return { at: 'card', text: '卡号有误，请核对后重新输入' };
  return { at: 'card', text: '该银行卡不属于您本人，请绑定本人名下的借记卡' };
}

function SupportedBanks() {
  const [open, setOpen] = useState(false);
  const banks = useSupportedBanks(open);
  // A card only once opened: collapsed it is one row under the terms, not a large empty card.
  return (
    <details className={open ? 'card bank-cards__supported' : 'bank-cards__supported'} onToggle={(event) => setOpen((event.target as HTMLDetailsElement).open)}>
      <summary className="bank-cards__summary">查看支持的银行及限额</summary>
      {banks.status === 'success' && banks.data ? (
        <ul className="bank-cards__banks">
          {banks.data.banks.map((bank) => (
            <li key={bank.code}>
              <BankMark mark={bank.mark} size={28} />
              <span className="bank-cards__bank-name">{bank.name}</span>
              <small>
                单笔{bank.singleLimit / 10_000}万 · 单日{bank.dailyLimit / 10_000}万
              </small>
            </li>
          ))}
        </ul>
      ) : open ? (
        <p className="bank-cards__hint">{banks.status === 'error' ? '加载失败，请稍后再试' : '正在加载…'}</p>
      ) : null}
    </details>
  );
}

export default function BindCardPage() {
  const router = useRouter();
  const [cardDigits, setCardDigits] = useState('');
  const [phone, setPhone] = useState('');
  const [cardError, setCardError] = useState<string | undefined>();
  const [phoneError, setPhoneError] = useState<string | undefined>();
  const [started, setStarted] = useState<BindStarted | null>(null);
  const [smsCode, setSmsCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();
  const [secondsLeft, setSecondsLeft] = useState(0);
  // A '406' for the number typed (a code went to it less than a cooldown ago, or too often): nothing was
  // sent; said under 下一步 with the wait, counted down per number (lib/sms-cooldown.ts), as the code fields do.
  const [notSentTo, setNotSentTo] = useState<string | null>(null);
  const cooldown = useSmsCooldown('bind-card', phone);
  const busy = useRef(false);
  const hint = describeCardInput(cardDigits);
  const holderName = useCardHolderName();
  // The agreement 下一步 agrees to (bank-card-list names the current one; the list is usually cached from /bank-cards).
  const agreement = useBankCardList().data?.agreement;

  useEffect(() => {
    if (secondsLeft <= 0) return;
    const timer = setTimeout(() => setSecondsLeft((s) => s - 1), 1_000);
    return () => clearTimeout(timer);
  }, [secondsLeft]);

  function handleCardChange(event: ChangeEvent<HTMLInputElement>) {
    setCardDigits(event.target.value.replace(/\D/g, '').slice(0, 19));
    setCardError(undefined);
  }

  async function handleStart() {
    const problem = cardNumberProblem(cardDigits);
    if (problem) return setCardError(problem);
    if (!/^1[3-9]\d{9}$/.test(phone)) return setPhoneError('请输入银行预留的11位手机号');
    if (busy.current) return;
    busy.current = true;
    let response: ApiResponse<BindStarted>;
    try {
      // Step 1 sends the code, so its limits and human check are sms-send-v1's (docs/api.md "Bank cards").
      const { withHumanCheck } = await import('../../../lib/sms-code');
      const answer = await withHumanCheck((proofOfWork) => startBinding({ cardNumber: cardDigits, phone, ...(proofOfWork ? { proofOfWork } : {}) }));
      if (!answer) return;
      response = answer;
    } catch (error) {
      return reportCallFailure(error);
    } finally {
      busy.current = false;
    }
    if (response.code === CODE.OK && response.data) {
      setStarted(response.data);
      setSmsCode('');
      setCodeError(undefined);
      setSecondsLeft(response.data.cooldownSeconds);
      return;
    }
    if (response.code === CODE.SILENT || response.code === CODE.UNAUTHORIZED) return;
    const retryLater = response.data as { reason?: string; retryAfterSeconds?: number } | undefined;
    if (response.code === CODE.RETRY_LATER && retryLater?.reason === 'cooldown' && retryLater.retryAfterSeconds) {
      cooldown.start(retryLater.retryAfterSeconds);
      return setNotSentTo(phone);
    }
    const text = response.submsg || response.msg;
    if (response.subcode === SUBCODE.IDENTITY_NOT_VERIFIED) {
      toast(text, 'fail');
      return void router.navigate('/mine/identity');
    }
    if (response.subcode === SUBCODE.BANK_CARD_MISMATCH) {
      const mismatch = mismatchText(response);
      setStarted(null);
      return mismatch.at === 'phone' ? setPhoneError(mismatch.text) : setCardError(mismatch.text);
    }
    if (response.subcode === SUBCODE.PHONE_INVALID) return setPhoneError(text);
    if (response.subcode && CARD_SUBCODES.includes(response.subcode)) {
      setStarted(null);
      return setCardError(text);
    }
    toast(text, 'fail');
  }

  async function handleConfirm() {
    if (!started) return;
    if (!/^\d{6}$/.test(smsCode)) return setCodeError('请输入6位验证码');
    if (busy.current) return;
    busy.current = true;
    let response;
    try {
      response = await confirmBinding({ ticket: started.ticket, smsCode });
    } catch (error) {
      return reportCallFailure(error);
    } finally {
      busy.current = false;
    }
    if (response.code === CODE.OK) {
      refreshBankCardList();
      toast('绑定成功', 'success');
      return void router.navigate('/bank-cards', { replace: true });
    }
    if (response.code === CODE.SILENT || response.code === CODE.UNAUTHORIZED) return;
    const text = response.submsg || response.msg;
    if (response.subcode && CODE_SUBCODES.includes(response.subcode)) return setCodeError(text);
    if (response.subcode === SUBCODE.BIND_TICKET_INVALID) setStarted(null);
    toast(text, 'fail');
  }

  const waitingForPhone = notSentTo === phone && cooldown.secondsLeft > 0;
  const warn = hint.kind === 'credit' || hint.kind === 'unknown' || (hint.kind === 'bank' && hint.luhnDoubt);
  // One problem at a time: once an answer says what is wrong with the number (a frozen card, a credit card),
  // the typing hint's own warning would repeat or contradict it, so only a neutral hint stays beside an error.
  const hintText = cardError && warn ? '' : cardHintText(hint);

  return (
    <Page title="添加银行卡" lead="请绑定本人名下的借记卡（储蓄卡），用于借款到账和还款。">
      <Card label="银行卡信息">
        <p className="bank-cards__holder">持卡人：{holderName ?? '实名认证的本人'}</p>
        <Field
          label="银行卡号"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="请输入本人借记卡卡号"
          value={formatCardInput(cardDigits)}
          onChange={handleCardChange}
          error={cardError}
          readOnly={started !== null}
          note={
            hintText ? (
              <p className={warn ? 'bank-cards__hint bank-cards__hint--warn' : 'bank-cards__hint'}>
                {hint.kind === 'bank' ? <BankMark mark={hint.bank.mark} size={20} /> : null}
                {hintText}
              </p>
            ) : null
          }
        />
        <PhoneField label="银行预留手机号" value={phone} onChange={(digits) => (setPhone(digits), setPhoneError(undefined))} error={phoneError} />
      </Card>
      {started ? (
        <Card label="短信验证">
          <p className="bank-cards__holder">
            {started.bankName} · 借记卡 {started.maskedNumber}
            <br />
            验证码已发送至银行预留手机号 {started.maskedPhone}
          </p>
          <Field
            label="短信验证码"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            placeholder="请输入6位验证码"
            value={smsCode}
            onChange={(event) => (setSmsCode(event.target.value.replace(/\D/g, '').slice(0, 6)), setCodeError(undefined))}
            error={codeError}
            trailing={
              <Button variant="secondary" className="sms-code-button" disabled={secondsLeft > 0} onClick={() => void handleStart()}>
                {secondsLeft > 0 ? `${secondsLeft}秒后重发` : '重新获取'}
              </Button>
            }
          />
          <div className="bank-cards__actions">
            <Button block onClick={() => void handleConfirm()}>
              确认绑定
            </Button>
            <Button variant="text" block onClick={() => setStarted(null)}>
              修改卡号或手机号
            </Button>
          </div>
        </Card>
      ) : (
        <div className="bank-cards__actions">
          <Button block disabled={waitingForPhone} onClick={() => void handleStart()}>
            下一步
          </Button>
          {waitingForPhone ? (
            <p className="sms-note sms-note--not-sent" role="status">
              {smsNoticeText({ kind: 'not-sent', phone }, cooldown.secondsLeft)}
            </p>
          ) : null}
        </div>
      )}
      <p className="bank-cards__terms">
        点击下一步即表示您同意{agreement ? <AgreementLink title={agreement.title} url={agreement.url} /> : '《快捷支付服务协议》'}
        并开通快捷支付（协议支付），银行将向预留手机号发送验证码。
      </p>
      <SupportedBanks />
    </Page>
  );
}
