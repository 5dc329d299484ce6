// One hook for every form that asks for an SMS code, whatever its purpose (SmsPurpose in
// packages/protocol: login, deregister, bind-card, verify-phone, change-phone). It owns the code as
// typed, the error under the code field, the send call (proof of work and the retry-later answers of
// lib/sms-code.ts), the resend countdown (lib/sms-cooldown.ts) and the note under the field.
//
// What the page says after asking for a code is decided in docs/api.md ("The web's SMS code forms"):
// it never implies a code was sent when the server did not send one (a '406' cooldown), and an error
// under the field goes away when its cause does (the code edited, a new code sent).
import { useCallback, useEffect, useRef, useState } from 'react';
import { maskPhone } from '@tyd/protocol/wire';
import { type SmsPurpose } from '@tyd/protocol/schemas';
import { reportingFailures } from './api-errors';
import { useMutation } from './server-state';
import type { SendOutcome } from './sms-code';
import { smsCodeProblem, useSmsCooldown } from './sms-cooldown';

// The send call is not part of any page's first load (first-load budget, e2e/bundle-budget.spec.ts):
// fetched when a page asks for it (warm) or when the user asks for a code.
const loadSender = () => import('./sms-code');

/** Fetches the send call ahead of the first tap; a failure shows when the user acts. */
export function warmSmsSender(): void {
  loadSender().catch(() => undefined);
}

/** What the note under the code field says; `secondsLeft` is the countdown as shown. */
export type SmsNotice =
  /** The server sent a code to `phone` (digits; undefined: the account's own phone). */
  | { kind: 'sent'; phone: string | undefined; expiresInSeconds: number | undefined }
  /** '406' cooldown: nothing was sent, a code went to this phone less than a cooldown ago. */
  | { kind: 'not-sent'; phone: string | undefined };

/**
 * A wait as people say it: seconds up to two minutes, then whole minutes (the server backs off to up to an
 * hour for everyone but the phone's owner, docs/api.md "Daily cap for the owner").
 */
export function waitText(seconds: number): string {
  return seconds <= 120 ? `${seconds}秒` : `${Math.ceil(seconds / 60)}分钟`;
}

/** The note's words; docs/api.md "The web's SMS code forms". */
export function smsNoticeText(notice: SmsNotice, secondsLeft: number): string {
  if (notice.kind === 'not-sent') {
    const reason = secondsLeft <= 120 ? '该手机号刚获取过验证码' : '该手机号获取验证码过于频繁';
    return `验证码未发送：${reason}，请${waitText(secondsLeft)}后重新获取`;
  }
  const to = notice.phone ? `至 ${maskPhone(notice.phone)}` : '';
  const minutes = notice.expiresInSeconds ? Math.max(1, Math.round(notice.expiresInSeconds / 60)) : 0;
  const valid = minutes ? `，${minutes}分钟内有效` : '';
  const resend = secondsLeft > 0 ? `；如未收到，可在${waitText(secondsLeft)}后重新获取` : '；如未收到，可重新获取';
  return `验证码已发送${to}${valid}${resend}`;
}

export interface SmsCodeOptions {
  purpose: SmsPurpose;
  /** The number to send to (digits); omitted for purposes that send to the account's own phone. */
  phone?: string;
}

export interface SmsCodeState {
  /** The code as typed: digits only, at most 6. */
  code: string;
  /** Sets the typed code; an error about the previous code goes away. */
  setCode: (code: string) => void;
  /** The error under the code field. */
  error: string | undefined;
  /** Sets (or clears) that error without moving focus (a form showing several errors at once). */
  setError: (text: string | undefined) => void;
  /** Shows `text` under the code field and selects the code, so typing replaces it (WCAG 3.3.1). */
  showError: (text: string) => void;
  /** Checks the typed code before it is sent; shows what is wrong and returns false. */
  checkCode: () => boolean;
  /** Whole seconds before another code may be asked for. */
  secondsLeft: number;
  /** A code was sent from this form before: the next one is a resend. */
  sentBefore: boolean;
  /** The send call (or solving a proof-of-work challenge) is running. */
  busy: boolean;
  solving: boolean;
  /** The note under the code field, or null. */
  notice: SmsNotice | null;
  /**
   * Asks for a code for `purpose` (and `phone`). Resolves with the outcome, or undefined when the
   * call did not run (already running, or a transport failure, already shown to the user).
   */
  send: () => Promise<SendOutcome | undefined>;
  /** Ref callback of the code input, focused when a code is on its way and when its error is shown. */
  bindInput: (input: HTMLInputElement | null) => void;
  /** Moves focus to the code input (e.g. Enter in a field before it). */
  focus: () => void;
}

type SendArgs = { purpose: SmsPurpose; phone?: string };

export function useSmsCode({ purpose, phone }: SmsCodeOptions): SmsCodeState {
  const cooldown = useSmsCooldown(purpose, phone);
  const [code, setCodeValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [solving, setSolving] = useState(false);
  const [sentBefore, setSentBefore] = useState(false);
  const [notice, setNotice] = useState<SmsNotice | null>(null);
  const input = useRef<HTMLInputElement | null>(null);
  const bindInput = useCallback((element: HTMLInputElement | null) => {
    input.current = element;
  }, []);
  const focus = useCallback(() => input.current?.focus(), []);
  // Set at once, unlike `busy` (a render later): a second tap in the same frame sends nothing.
  const running = useRef(false);

  const mutation = useMutation(
    reportingFailures(async ({ purpose: p, phone: to }: SendArgs): Promise<SendOutcome> => {
      const { sendSmsCodeWithChecks } = await loadSender();
      return sendSmsCodeWithChecks(to ? { purpose: p, phone: to } : { purpose: p }, { onSolving: setSolving });
    }),
  );
  const { mutate } = mutation;

  const setCode = useCallback((next: string) => {
    setCodeValue(next);
    setError(undefined);
  }, []);

  const showError = useCallback((text: string) => {
    setError(text);
    input.current?.select();
    input.current?.focus();
  }, []);

  const checkCode = useCallback(() => {
    const problem = smsCodeProblem(code);
    if (problem) showError(problem);
    return !problem;
  }, [code, showError]);

  const { start } = cooldown;
  const send = useCallback(async () => {
    if (running.current) return undefined;
    running.current = true;
    try {
      const outcome = await mutate({ purpose, phone });
      if (outcome?.status !== 'counting') return outcome;
      start(outcome.seconds);
      if (outcome.sent) {
        setSentBefore(true);
        setNotice({ kind: 'sent', phone, expiresInSeconds: outcome.expiresInSeconds });
        // A new code: an error about the old one no longer applies.
        setError(undefined);
      } else {
        setNotice({ kind: 'not-sent', phone });
      }
      return outcome;
    } finally {
      running.current = false;
    }
  }, [mutate, purpose, phone, start]);

  // Focus goes to the code once the note is there: the note describes the input, so a screen reader
  // reads it then (it is no live region, since it counts down).
  useEffect(() => {
    if (notice) input.current?.focus();
  }, [notice]);

  // A note about another number (the phone field was edited) says nothing about this one; a
  // "not sent" note ends with its countdown.
  const shownNotice = notice && notice.phone === phone && (notice.kind === 'sent' || cooldown.secondsLeft > 0) ? notice : null;

  return {
    code,
    setCode,
    error,
    setError,
    showError,
    checkCode,
    secondsLeft: cooldown.secondsLeft,
    sentBefore,
    busy: mutation.status === 'loading',
    solving,
    notice: shownNotice,
    send,
    bindInput,
    focus,
  };
}
