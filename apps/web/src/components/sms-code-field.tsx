// The SMS code field (issue 5), shared by every form that asks for a code: 6 digits only, a numeric
// keypad, one-time-code autocomplete (iOS and Android offer the code from the message), and beside it
// the get-code button: 获取验证码, then a countdown while a new code may not be sent (disabled, so a
// tap cannot re-send), then 重新获取. The button keeps its width as the digits count down.
import type { Ref } from 'react';
import { Button } from './button';
import { Field } from './field';
import './field.css';

export interface SmsCodeButtonProps {
  secondsLeft: number;
  /** A code was sent (or asked for) on this page before: the next one is a resend. */
  sentBefore: boolean;
  /** The send call, or solving a proof-of-work challenge, is running. */
  busy: boolean;
  solving?: boolean;
  onClick: () => void;
}

export function SmsCodeButton({ secondsLeft, sentBefore, busy, solving, onClick }: SmsCodeButtonProps) {
  const label = solving ? '安全验证中' : secondsLeft > 0 ? `${secondsLeft}秒后重发` : sentBefore ? '重新获取' : '获取验证码';
  return (
    <Button variant="secondary" className="sms-code-button" disabled={secondsLeft > 0 && !busy} busy={busy} onClick={onClick}>
      {label}
    </Button>
  );
}

export interface SmsCodeFieldProps {
  value: string;
  onChange: (code: string) => void;
  error?: string;
  onFocus?: () => void;
  button: SmsCodeButtonProps;
  ref?: Ref<HTMLInputElement>;
}

export function SmsCodeField({ value, onChange, onFocus, error, button, ref }: SmsCodeFieldProps) {
  return (
    <Field
      ref={ref}
      label="验证码"
      type="text"
      inputMode="numeric"
      autoComplete="one-time-code"
      enterKeyHint="go"
      pattern="[0-9]*"
      maxLength={6}
      placeholder="请输入6位验证码"
      value={value}
      onFocus={onFocus}
      onChange={(event) => onChange(event.target.value.replace(/\D/g, '').slice(0, 6))}
      error={error}
      trailing={<SmsCodeButton {...button} />}
    />
  );
}
