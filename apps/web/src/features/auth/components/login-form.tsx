// The SMS login form (SPEC §4, §7): phone, code with its get-code button and countdown,
// consent, and the login button. Every refusal is said next to the field it concerns and that field
// gets focus (WCAG 3.3.1); nothing is a silent no-op.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { CODE, SUBCODE, isMainlandMobile, readInviteCode } from '@tyd/protocol/wire';
import { Button } from '../../../components/button';
import { SmsCodeField } from '../../../components/sms-code-field';
import { reportCallFailure } from '../../../lib/api-errors';
import { toast } from '../../../lib/notify';
import { sessionStore } from '../../../lib/session';
import { smsCodeProblem } from '../../../lib/sms-cooldown';
import { useSmsCode, warmSmsSender } from '../../../lib/use-sms-code';
import type { AgreementLink } from '../utils/agreement-links';
import { AgreementConsent, agreementNames } from './agreement-consent';
import { PhoneField } from '../../../components/phone-field';

export interface LoginFormProps {
  links: readonly [AgreementLink, AgreementLink] | null;
  /** privacy-policy's version, sent so a new account records what it accepted. */
  agreementVersion: string | undefined;
  /** The server said the shown documents are not the current ones: fetch them again. */
  onAgreementOutdated: () => void;
  onLoggedIn: () => void;
  /** The page's `inviteCode` parameter as given; shown and sent only when well-formed (a mangled link never blocks a login). */
  inviteCode?: string | null;
}

// The send and login calls are not part of the page's first load (/login must stay within the first-load
// budget, e2e/bundle-budget.spec.ts): they are fetched right after the form has rendered, and awaited
// when used.
const loadLogin = () => import('../api/login');

/** Errors of the fields this form owns; the code field's is the SMS hook's. */
type Errors = { phone?: string; agreement?: string };

export const MESSAGES = {
  phoneEmpty: '请输入手机号',
  phoneInvalid: '请输入正确的手机号码',
} as const;

function phoneProblem(digits: string): string | undefined {
  if (!digits) return MESSAGES.phoneEmpty;
  return isMainlandMobile(digits) ? undefined : MESSAGES.phoneInvalid;
}

/** Focus with the caret after the last digit, so typing on completes the number (Chromium puts it first). */
function focusAtEnd(input: HTMLInputElement | null) {
  input?.focus();
  input?.setSelectionRange(input.value.length, input.value.length);
}

/** Answers of user-login-v1 that concern one field (protocol codes.ts). */
const CODE_FIELD_SUBCODES: readonly string[] = [SUBCODE.SMS_CODE_WRONG, SUBCODE.SMS_CODE_EXPIRED, SUBCODE.SMS_VERIFY_LOCKED];

export function LoginForm({ links, agreementVersion, onAgreementOutdated, onLoggedIn, inviteCode }: LoginFormProps) {
  const invite = readInviteCode(inviteCode);
  // SPEC §3 loginPhone: the number last used on this page (kept in memory only) is offered again.
  const [phone, setPhone] = useState(() => sessionStore.get().loginPhone ?? '');
  const [agreed, setAgreed] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const sms = useSmsCode({ purpose: 'login', phone });
  const phoneRef = useRef<HTMLInputElement>(null);
  const agreementRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    warmSmsSender();
    // A failure here shows when the user acts (reportCallFailure).
    loadLogin().catch(() => undefined);
  }, []);

  const agreementMessage = `请先阅读并勾选同意${agreementNames(links)}`;

  /** Shows the errors of every field at once and moves focus to the first one (top to bottom). */
  function show(next: Errors & { code?: string }) {
    setErrors({ phone: next.phone, agreement: next.agreement });
    sms.setError(next.code);
    if (next.phone) focusAtEnd(phoneRef.current);
    else if (next.code) sms.showError(next.code);
    else if (next.agreement) agreementRef.current?.focus();
  }

  async function handleSendCode() {
    // One thing at a time: the number first, then consent.
    const phoneError = phoneProblem(phone);
    if (phoneError) return show({ phone: phoneError });
    if (!agreed) return show({ agreement: agreementMessage });
    setErrors({});
    const outcome = await sms.send();
    if (outcome?.status === 'failed' && outcome.response?.subcode === SUBCODE.PHONE_INVALID) {
      show({ phone: outcome.response.submsg || MESSAGES.phoneInvalid });
    }
  }

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const problems = { phone: phoneProblem(phone), code: smsCodeProblem(sms.code), agreement: agreed ? undefined : agreementMessage };
    if (problems.phone || problems.agreement || problems.code) return show(problems);
    show({});
    let response;
    try {
      const { loginWithSmsCode } = await loadLogin();
      response = await loginWithSmsCode({ phone, smsCode: sms.code, ...(agreementVersion ? { agreementVersion } : {}), ...(invite ? { inviteCode: invite } : {}) });
    } catch (error) {
      return reportCallFailure(error);
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
      {/* No check on blur: the error it inserted pushed the get-code button down between press and
          release, and the tap was lost (e2e/sms-forms.spec.ts). The number is checked when used. */}
      <PhoneField
        ref={phoneRef}
        value={phone}
        onChange={(digits) => {
          setPhone(digits);
          setErrors((e) => ({ ...e, phone: undefined }));
        }}
        // Enter in the number goes on to the code (enterkeyhint "next"), never submits half a form.
        onEnter={sms.focus}
        error={errors.phone}
      />
      <SmsCodeField sms={sms} onRequestCode={handleSendCode} />
      {invite ? <p className="login__invite">好友邀请码 {invite}，新用户注册时自动填写</p> : null}
      <AgreementConsent
        ref={agreementRef}
        checked={agreed}
        onChange={(checked) => {
          setAgreed(checked);
          if (checked) setErrors((e) => ({ ...e, agreement: undefined }));
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
