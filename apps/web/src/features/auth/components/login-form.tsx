// The SMS login form (SPEC §4, §7): phone, code with its get-code button and countdown,
// consent, and the login button. Every refusal is said next to the field it concerns and that field
// gets focus (WCAG 3.3.1); nothing is a silent no-op.
import { memo, useEffect, useRef, useState, type FormEvent } from 'react';
import { CODE, INVITE_CODE_LENGTH, SUBCODE, isMainlandMobile, readInviteCode, type ApiResponse } from '@tyd/protocol/wire';
import { Button } from '../../../components/button';
import { SmsCodeField } from '../../../components/sms-code-field';
import { swallowFollowUpPresses } from '../../../lib/follow-up-presses';
import { createKeyedPresses, useKeyedPress, type KeyedPresses } from '../../../lib/keyed-presses';
import { toast } from '../../../lib/notify';
import { sessionStore } from '../../../lib/session';
import { smsCodeProblem } from '../../../lib/sms-cooldown';
import { useSmsCode, warmSmsSender } from '../../../lib/use-sms-code';
import type { LoginData, LoginPayload } from '../api/login';
import type { AgreementLink } from '../utils/agreement-links';
import { AgreementConsent, agreementNames } from './agreement-consent';
import { InviteCodeField } from './invite-code-field';
import { PhoneField } from '../../../components/phone-field';

export interface LoginFormProps {
  links: readonly [AgreementLink, AgreementLink] | null;
  /** privacy-policy's version, sent so a new account records what it accepted. */
  agreementVersion: string | undefined;
  /** The server said the shown documents are not the current ones: fetch them again. */
  onAgreementOutdated: () => void;
  onLoggedIn: () => void;
  /**
   * The page's `inviteCode` parameter as given: when well-formed it fills the 邀请码 field, locked, and is
   * sent; a mangled one is ignored (it never blocks a login), and the field is left for the person to fill.
   */
  inviteCode?: string | null;
}

// The send and login calls are not part of the page's first load (/login must stay within the first-load
// budget, e2e/bundle-budget.spec.ts): they are fetched right after the form has rendered, and awaited
// when used.
const loadLogin = () => import('../api/login');

/** Errors of the fields this form owns; the code field's is the SMS hook's. */
type Errors = { phone?: string; agreement?: string; invite?: string };

export const MESSAGES = {
  phoneEmpty: '请输入手机号',
  phoneInvalid: '请输入正确的手机号码',
  inviteInvalid: `邀请码为${INVITE_CODE_LENGTH}位字母或数字，请核对`,
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
const INVITE_FIELD_SUBCODES: readonly string[] = [SUBCODE.INVITE_CODE_INVALID, SUBCODE.INVITE_CODE_OWN];

// Memoised: the page renders again when its address or session snapshot changes (right after hydration),
// which changes nothing the form shows; its own hooks still render it when what they read changes.
export const LoginForm = memo(function LoginForm({ links, agreementVersion, onAgreementOutdated, onLoggedIn, inviteCode }: LoginFormProps) {
  const linkedInvite = readInviteCode(inviteCode);
  // The link's code, locked; typed, or unlocked when the server refused the link's code (so the person
  // can correct or clear it instead of being stuck).
  const [inviteText, setInviteText] = useState(linkedInvite ?? '');
  const [inviteLocked, setInviteLocked] = useState(linkedInvite !== undefined);
  const inviteRef = useRef<HTMLInputElement>(null);
  // SPEC §3 loginPhone: the number last used on this page (kept in memory only) is offered again.
  const [phone, setPhone] = useState(() => sessionStore.get().loginPhone ?? '');
  const [agreed, setAgreed] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  // Customer service froze the account (4218, docs/api.md "Customer-service desk"): said above 登录 and kept
  // until the number changes, not a toast that is gone before it is read.
  const [frozen, setFrozen] = useState<string | null>(null);
  const sms = useSmsCode({ purpose: 'login', phone });
  const phoneRef = useRef<HTMLInputElement>(null);
  const agreementRef = useRef<HTMLInputElement>(null);
  // 登录 acts once per press (lib/keyed-presses.ts): a second click or tap while the login is in flight is
  // ignored, and after a login nothing is sent again. Before, the second click of a double click sent the
  // spent code again, and its refusal cleared the session the first had just opened (SPEC §4). Login has no
  // idempotency key on the wire: the SMS code is single-use, so a resend can never log in twice.
  const payload = useRef<LoginPayload | null>(null);
  const pressedAt = useRef(0);
  /** Where the pointer pressed 登录 (none: Enter); the follow-up taps to swallow are the ones near it. */
  const pressPoint = useRef<{ x: number; y: number } | null>(null);
  const pressedHere = useRef<{ x: number; y: number } | null>(null);
  const loggedIn = useRef(false);
  const presses = useRef<KeyedPresses<LoginData> | null>(null);
  const login = useKeyedPress<LoginData>(handleAnswer);

  /** The form's one set of presses, made at the first press. */
  function loginPresses(): KeyedPresses<LoginData> {
    presses.current ??= createKeyedPresses(async () => {
      const { loginWithSmsCode } = await loadLogin();
      if (!payload.current) throw new Error('login pressed without a payload');
      return loginWithSmsCode(payload.current);
    });
    return presses.current;
  }

  useEffect(() => {
    warmSmsSender();
    // A failure here shows when the user acts (reportCallFailure).
    loadLogin().catch(() => undefined);
  }, []);

  const agreementMessage = `请先阅读并勾选同意${agreementNames(links)}`;

  /** Shows the errors of every field at once and moves focus to the first one (top to bottom). */
  function show(next: Errors & { code?: string }) {
    setErrors({ phone: next.phone, agreement: next.agreement, invite: next.invite });
    sms.setError(next.code);
    if (next.phone) focusAtEnd(phoneRef.current);
    else if (next.code) sms.showError(next.code);
    else if (next.invite) focusAtEnd(inviteRef.current);
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

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const point = pressedHere.current;
    pressedHere.current = null;
    if (loggedIn.current || loginPresses().inFlight) return;
    // The typed code is read as the link's is (readInviteCode); a malformed one is said at its field here,
    // where a link's is dropped: the person typing it can correct it.
    const invite = readInviteCode(inviteText);
    const inviteProblem = inviteText.trim() && !invite ? MESSAGES.inviteInvalid : undefined;
    const problems = { phone: phoneProblem(phone), code: smsCodeProblem(sms.code), invite: inviteProblem, agreement: agreed ? undefined : agreementMessage };
    if (problems.phone || problems.agreement || problems.code || problems.invite) return show(problems);
    show({});
    payload.current = { phone, smsCode: sms.code, ...(agreementVersion ? { agreementVersion } : {}), ...(invite ? { inviteCode: invite } : {}) };
    pressedAt.current = performance.now();
    pressPoint.current = point;
    void login.press(loginPresses());
  }

  function handleAnswer(response: ApiResponse<LoginData>) {
    if (response.code === CODE.OK) {
      loggedIn.current = true;
      // The next page replaces this one under the finger: the rest of a double click or double tap
      // must not press what it shows there (lib/follow-up-presses.ts).
      swallowFollowUpPresses(pressedAt.current, { at: pressPoint.current });
      return onLoggedIn();
    }
    if (response.code === CODE.SILENT) return;
    const text = response.submsg || response.msg;
    if (response.subcode === SUBCODE.ACCOUNT_FROZEN) return setFrozen(text);
    if (response.subcode === SUBCODE.PHONE_INVALID) return show({ phone: text });
    if (response.subcode && CODE_FIELD_SUBCODES.includes(response.subcode)) return show({ code: text });
    // An unknown code (4211), or the person's own (4212): checked before the SMS code is spent (docs/api.md).
    if (response.subcode && INVITE_FIELD_SUBCODES.includes(response.subcode)) {
      setInviteLocked(false);
      return show({ invite: text });
    }
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
          setFrozen(null);
          setErrors((e) => ({ ...e, phone: undefined }));
        }}
        // Enter in the number goes on to the code (enterkeyhint "next"), never submits half a form.
        onEnter={sms.focus}
        error={errors.phone}
      />
      <SmsCodeField sms={sms} onRequestCode={handleSendCode} />
      <InviteCodeField
        inputRef={inviteRef}
        value={inviteText}
        locked={inviteLocked}
        onChange={(text) => {
          setInviteText(text);
          setErrors((e) => ({ ...e, invite: undefined }));
        }}
        error={errors.invite}
      />
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
      {frozen ? (
        <div className="tip login__frozen" role="alert">
          <svg className="tip__icon" viewBox="0 0 20 20" aria-hidden="true" fill="currentColor">
            <path d="M10 1a9 9 0 1 0 0 18 9 9 0 0 0 0-18Zm-1 5h2v6H9V6Zm0 7h2v2H9v-2Z" />
          </svg>
          <div>{frozen}</div>
        </div>
      ) : null}
      <Button type="submit" block busy={login.busy} onPointerDown={(event) => (pressedHere.current = { x: event.clientX, y: event.clientY })}>
        登录
      </Button>
    </form>
  );
});
