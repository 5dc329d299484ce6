// /mine/phone (更换手机号; SPEC §7 validateSmsCode -> verify-phone, savePhone -> save-phone, docs/api.md):
// moving the account to another number in two steps, as banks do it.
//  1. 验证当前手机号: a code sent to the account's own phone (purpose 'verify-phone') proves the holder is
//     here; verify-phone answers a one-time ticket valid a few minutes.
//  2. 绑定新手机号: the new number and a code sent to it (purpose 'change-phone') prove the new number is
//     the user's; save-phone with the ticket moves the account and answers the new number, masked
//     (SPEC §3), which the session stores.
// A ticket that expired (4217) sends the user back to step 1 with a clear word; a number taken by another
// account (4216) is said at the number. The session stays: the user is still logged in, on the new number.
import { useState, useSyncExternalStore } from 'react';
import { CODE, SUBCODE, isMainlandMobile } from '@tyd/protocol/wire';
import { Button } from '../../../components/button';
import { Card, Page } from '../../../components/page';
import { PhoneField } from '../../../components/phone-field';
import { SmsCodeField } from '../../../components/sms-code-field';
import { Tip } from '../../../components/tip';
import { reportingFailures } from '../../../lib/api-errors';
import { toast } from '../../../lib/notify';
import { useRouter } from '../../../lib/router-react';
import { useMutation } from '../../../lib/server-state';
import { sessionStore } from '../../../lib/session';
import { useSmsCode } from '../../../lib/use-sms-code';
import { savePhone } from '../api/save-phone';
import { validateSmsCode } from '../api/verify-phone';
import './change-phone-page.css';

/** Answers that concern the typed code (protocol codes.ts); said under the code field. */
const CODE_FIELD_SUBCODES: readonly string[] = [SUBCODE.SMS_CODE_WRONG, SUBCODE.SMS_CODE_EXPIRED, SUBCODE.SMS_VERIFY_LOCKED];

function VerifyCurrentPhone({ phone, onVerified, notice }: { phone: string | null; onVerified: (ticket: string) => void; notice: string | null }) {
  // Sent to the account's own phone: no number in the request (docs/api.md sms-send-v1).
  const sms = useSmsCode({ purpose: 'verify-phone' });
  const verify = useMutation(reportingFailures(validateSmsCode));

  async function handleNext() {
    if (!sms.checkCode()) return;
    const response = await verify.mutate({ smsCode: sms.code });
    if (!response) return;
    if (response.code === CODE.OK && response.data) return onVerified(response.data.verifyTicket);
    if (response.subcode && CODE_FIELD_SUBCODES.includes(response.subcode)) sms.showError(response.submsg || response.msg);
  }

  return (
    <Card label="验证当前手机号">
      <h2 className="change-phone__step">
        <span aria-hidden="true">1</span>验证当前手机号
      </h2>
      {notice ? (
        <p className="change-phone__notice" role="alert">
          {notice}
        </p>
      ) : null}
      <p className="change-phone__text">
        验证码将发送至 <strong>{phone ?? '您账号绑定的手机号'}</strong>，用于确认是您本人操作。
      </p>
      <SmsCodeField sms={sms} />
      <Button block busy={verify.status === 'loading'} onClick={() => void handleNext()}>
        下一步
      </Button>
    </Card>
  );
}

function BindNewPhone({ ticket, onTicketExpired, onSaved }: { ticket: string; onTicketExpired: () => void; onSaved: () => void }) {
  const [phone, setPhone] = useState('');
  const [phoneError, setPhoneError] = useState<string>();
  const sms = useSmsCode({ purpose: 'change-phone', phone });
  const save = useMutation(reportingFailures(savePhone));
  const current = useSyncExternalStore(sessionStore.subscribe, sessionStore.get).phone;

  function phoneProblem(): string | undefined {
    if (!phone) return '请输入新手机号';
    if (!isMainlandMobile(phone)) return '请输入正确的11位手机号';
    return undefined;
  }

  function handleSendCode() {
    const problem = phoneProblem();
    setPhoneError(problem);
    if (!problem) void sms.send();
  }

  async function handleSave() {
    const problem = phoneProblem();
    setPhoneError(problem);
    if (problem || !sms.checkCode()) return;
    const response = await save.mutate({ phone, smsCode: sms.code, verifyTicket: ticket });
    if (!response) return;
    if (response.code === CODE.OK) return onSaved();
    const text = response.submsg || response.msg;
    if (response.subcode === SUBCODE.VERIFY_TICKET_INVALID) return onTicketExpired();
    if (response.subcode === SUBCODE.PHONE_TAKEN) return setPhoneError(text);
    if (response.subcode && CODE_FIELD_SUBCODES.includes(response.subcode)) sms.showError(text);
  }

  return (
    <Card label="绑定新手机号">
      <h2 className="change-phone__step">
        <span aria-hidden="true">2</span>绑定新手机号
      </h2>
      <p className="change-phone__text">当前手机号 {current ?? ''} 已验证，请输入新手机号并获取验证码。</p>
      <PhoneField
        label="新手机号"
        value={phone}
        onChange={(digits) => {
          setPhone(digits);
          setPhoneError(undefined);
        }}
        onEnter={sms.focus}
        error={phoneError}
      />
      <SmsCodeField sms={sms} onRequestCode={handleSendCode} />
      <Button block busy={save.status === 'loading'} onClick={() => void handleSave()}>
        确认更换
      </Button>
    </Card>
  );
}

export default function ChangePhonePage() {
  const session = useSyncExternalStore(sessionStore.subscribe, sessionStore.get);
  const router = useRouter();
  const [ticket, setTicket] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  return (
    <Page title="更换手机号" lead="更换后请使用新手机号登录，原手机号将与账号解除关联。">
      {ticket === null ? (
        <VerifyCurrentPhone
          phone={session.phone}
          notice={notice}
          onVerified={(verified) => {
            setNotice(null);
            setTicket(verified);
          }}
        />
      ) : (
        <BindNewPhone
          ticket={ticket}
          onTicketExpired={() => {
            setTicket(null);
            setNotice('验证已超时，请重新验证当前手机号');
          }}
          onSaved={() => {
            toast('手机号已更换', 'success');
            void router.navigate('/mine', { replace: true });
          }}
        />
      )}
      <Tip>更换手机号只改变登录和接收验证码的号码，账户中的其他信息保持不变。</Tip>
    </Page>
  );
}
