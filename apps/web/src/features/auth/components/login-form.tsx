// The SMS login form (issue 5, SPEC §4, §7): phone, code with its get-code button and countdown,
// consent, and the login button. Every refusal is said next to the field it concerns and that field
// gets focus (WCAG 3.3.1); nothing is a silent no-op.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { CODE, ERROR_TEXT, SUBCODE, isMainlandMobile, maskPhone } from '@tyd/protocol/wire';
import { Button } from '../../../components/button';
import { SmsCodeField } from '../../../components/sms-code-field';
import { TransportError } from '../../../lib/api-errors';
import { toast } from '../../../lib/notify';
import { sessionStore } from '../../../lib/session';
import { smsCodeProblem, useSmsCooldown } from '../../../lib/sms-cooldown';
import type { AgreementLink } from '../utils/agreement-links';
import { AgreementConsent, agreementNames } from './agreement-consent';
import { PhoneField } from './phone-field';

export interface LoginFormProps {
  links: readonly [AgreementLink, AgreementLink] | null;
  /** privacy-policy's version, sent so a new account records what it accepted. */
  agreementVersion: string | undefined;
  /** The server said the shown documents are not the current ones: fetch them again. */
  onAgreementOutdated: () => void;
  onLoggedIn: () => void;
  /** The page's `inviteCode` parameter as given; api/login.ts keeps it only when well-formed. */
  inviteCode?: string | null;
}

// The send and login calls are not part of the page's first load (/login must stay within the 80 KB
// gzip budget, issue 4): they are fetched right after the form has rendered, and awaited when used.
const loadSender = () => import('../../../lib/sms-code');
const loadLogin = () => import('../api/login');

/** A chunk that failed to load is a connection problem to the user; API failures are already shown. */
function reportFailure(error: unknown) {
  if (!(error instanceof TransportError)) toast(ERROR_TEXT.networkError, 'fail');
}

type Errors = { phone?: string; code?: string; agreement?: string };

export const MESSAGES = {
  phoneEmpty: '请输入手机号',
  phoneInvalid: '请输入正确的手机号码',
} as const;

function phoneProblem(digits: string): string | undefined {
  if (!digits) return MESSAGES.phoneEmpty;
  return isMainlandMobile(digits) ? undefined : MESSAGES.phoneInvalid;
}

/** 验证码已发送至 138****5678，5分钟内有效 */
export function sentNoteText(phone: string, expiresInSeconds: number | undefined): string {
  const minutes = expiresInSeconds ? Math.max(1, Math.round(expiresInSeconds / 60)) : 0;
  return `验证码已发送至 ${maskPhone(phone)}${minutes ? `，${minutes}分钟内有效` : ''}`;
}

/** Answers of user-login-v1 that concern one field (protocol codes.ts). */
const CODE_FIELD_SUBCODES: readonly string[] = [SUBCODE.SMS_CODE_WRONG, SUBCODE.SMS_CODE_EXPIRED, SUBCODE.SMS_VERIFY_LOCKED];

export function LoginForm({ links, agreementVersion, onAgreementOutdated, onLoggedIn, inviteCode }: LoginFormProps) {
  // SPEC §3 loginPhone: the number last used on this page (kept in memory only) is offered again.
  const [phone, setPhone] = useState(() => sessionStore.get().loginPhone ?? '');
  const [code, setCode] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [sending, setSending] = useState(false);
  const [solving, setSolving] = useState(false);
  const [sentBefore, setSentBefore] = useState(false);
  const [sentNote, setSentNote] = useState<string | null>(null);
  const cooldown = useSmsCooldown('login', phone);
  const phoneRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const agreementRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    // A failure here shows when the user acts (reportFailure).
    Promise.all([loadSender(), loadLogin()]).catch(() => undefined);
  }, []);

  const agreementMessage = `请先阅读并勾选同意${agreementNames(links)}`;

  function show(next: Errors) {
    setErrors(next);
    if (next.phone) phoneRef.current?.focus();
    else if (next.agreement) agreementRef.current?.focus();
    else if (next.code) codeRef.current?.select();
  }

  async function handleSendCode() {
    // One thing at a time: the number first, then consent.
    const phoneError = phoneProblem(phone);
    if (phoneError) return show({ ...errors, phone: phoneError, agreement: undefined });
    if (!agreed) return show({ ...errors, agreement: agreementMessage });
    setErrors({ ...errors, phone: undefined, agreement: undefined });
    setSending(true);
    try {
      const { sendSmsCodeWithChecks } = await loadSender();
      const outcome = await sendSmsCodeWithChecks({ phone, purpose: 'login' }, { onSolving: setSolving });
      if (outcome.status === 'counting') {
        cooldown.start(outcome.seconds);
        setSentBefore(true);
        if (outcome.sent) setSentNote(sentNoteText(phone, outcome.expiresInSeconds));
        codeRef.current?.focus();
      } else if (outcome.response?.subcode === SUBCODE.PHONE_INVALID) {
        show({ ...errors, phone: outcome.response.submsg || MESSAGES.phoneInvalid });
      }
    } catch (error) {
      reportFailure(error);
    } finally {
      setSending(false);
    }
  }

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const problems: Errors = { phone: phoneProblem(phone), agreement: agreed ? undefined : agreementMessage, code: smsCodeProblem(code) };
    if (problems.phone || problems.agreement || problems.code) return show(problems);
    setErrors({});
    let response;
    try {
      const { loginWithSmsCode } = await loadLogin();
      response = await loginWithSmsCode({ phone, smsCode: code, ...(agreementVersion ? { agreementVersion } : {}), ...(inviteCode ? { inviteCode } : {}) });
    } catch (error) {
      return reportFailure(error);
    }
    if (response.code === CODE.OK) return onLoggedIn();
    if (response.code === CODE.SILENT) return;
    const text = response.submsg || response.msg;
    if (response.subcode === SUBCODE.PHONE_INVALID) return show({ phone: text });
    if (response.subcode && CODE_FIELD_SUBCODES.includes(response.subcode)) return show({ code: text });
    if (response.subcode === SUBCODE.AGREEMENT_REQUIRED) {
      setAgreed(false);
      onAgreementOutdated();
      return show({ agreement: text });
    }
    toast(text, 'fail');
  }

  return (
    <form className="login-form" noValidate onSubmit={handleSubmit}>
      <PhoneField
        ref={phoneRef}
        value={phone}
        onChange={(digits) => {
          setPhone(digits);
          if (errors.phone) setErrors({ ...errors, phone: undefined });
        }}
        onBlur={() => phone.length > 0 && setErrors((e) => ({ ...e, phone: phoneProblem(phone) }))}
        error={errors.phone}
      />
      <SmsCodeField
        ref={codeRef}
        value={code}
        onChange={(next) => {
          setCode(next);
          if (errors.code) setErrors({ ...errors, code: undefined });
        }}
        error={errors.code}
        button={{ secondsLeft: cooldown.secondsLeft, sentBefore, busy: sending, solving, onClick: handleSendCode }}
      />
      {/* A live region that is always there, so screen readers announce the note when it appears. */}
      <p className="login-form__hint" role="status">
        {sentNote && cooldown.secondsLeft > 0 ? sentNote : ''}
      </p>
      <AgreementConsent
        ref={agreementRef}
        checked={agreed}
        onChange={(checked) => {
          setAgreed(checked);
          if (checked && errors.agreement) setErrors({ ...errors, agreement: undefined });
        }}
        links={links}
        error={errors.agreement}
      />
      <Button type="submit" block>
        登录
      </Button>
    </form>
  );
}
