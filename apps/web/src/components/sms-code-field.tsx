// The SMS code field, shared by every form that asks for a code (state from lib/use-sms-code.ts): 6
// digits only, a numeric keypad, one-time-code autocomplete (iOS and Android offer the code from the
// message), and beside it the get-code button: 获取验证码, then a countdown while a new code may not be
// asked for (disabled, so a tap cannot re-send), then 重新获取. The button keeps its width as the
// digits count down. Under the field: the error, then the note on the last request (sent, or not sent
// and why; docs/api.md "The web's SMS code forms").
import { smsNoticeText, waitText, type SmsCodeState } from '../lib/use-sms-code';
import { Button } from './button';
import { Field } from './field';
import './field.css';

interface SmsCodeButtonProps {
  secondsLeft: number;
  /** A code was sent from this form before: the next one is a resend. */
  sentBefore: boolean;
  /** The send call, or solving a proof-of-work challenge, is running. */
  busy: boolean;
  solving?: boolean;
  onClick: () => void;
}

function SmsCodeButton({ secondsLeft, sentBefore, busy, solving, onClick }: SmsCodeButtonProps) {
  const label = solving ? '安全验证中' : secondsLeft > 0 ? `${waitText(secondsLeft)}后重发` : sentBefore ? '重新获取' : '获取验证码';
  return (
    <Button variant="secondary" className="sms-code-button" disabled={secondsLeft > 0 && !busy} busy={busy} onClick={onClick}>
      {label}
    </Button>
  );
}

export interface SmsCodeFieldProps {
  sms: SmsCodeState;
  /** What the get-code button does; default sms.send. A form with more to check first passes its own. */
  onRequestCode?: () => void;
}

export function SmsCodeField({ sms, onRequestCode }: SmsCodeFieldProps) {
  const { bindInput, code, setCode, error, secondsLeft, sentBefore, busy, solving, notice, send } = sms;
  return (
    <Field
      ref={bindInput}
      label="验证码"
      type="text"
      inputMode="numeric"
      autoComplete="one-time-code"
      enterKeyHint="go"
      pattern="[0-9]*"
      maxLength={6}
      placeholder="请输入验证码"
      value={code}
      onChange={(event) => setCode(event.target.value.replace(/\D/g, '').slice(0, 6))}
      error={error}
      trailing={
        <SmsCodeButton secondsLeft={secondsLeft} sentBefore={sentBefore} busy={busy} solving={solving} onClick={onRequestCode ?? (() => void send())} />
      }
      // Not a live region: it counts down, and would be read out every second. It describes the input,
      // which gets focus when the answer comes (use-sms-code.ts), so it is read then.
      note={notice ? <p className={`sms-note sms-note--${notice.kind}`}>{smsNoticeText(notice, secondsLeft)}</p> : undefined}
    />
  );
}
