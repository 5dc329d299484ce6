// A mainland mobile number field (login, phone change): numeric keypad (type=tel, inputmode=numeric),
// the number shown spaced 3-4-4 as it is typed (formatPhoneInput), the caret kept after the same
// digit when spaces come and go, Backspace just after a space deleting the digit before it, a
// pasted +86 prefix dropped, and Enter handed to the form (onEnter) instead of submitting it.
import { useLayoutEffect, useRef, type ChangeEvent, type KeyboardEvent, type Ref } from 'react';
import { formatPhoneInput } from '@tyd/protocol/wire';
import { Field } from './field';

export interface PhoneFieldProps {
  /** Default 手机号. */
  label?: string;
  /** The digits (at most 11). */
  value: string;
  onChange: (digits: string) => void;
  /** Enter was pressed (not while an input method is composing): the form decides where to go next. */
  onEnter?: () => void;
  error?: string;
  ref?: Ref<HTMLInputElement>;
}

/** The digits of what was typed or pasted, without a +86 / 0086 country prefix, at most 11. */
function digitsOf(text: string): string {
  const digits = text.replace(/\D/g, '');
  return (digits.length > 11 ? digits.replace(/^(?:0086|86)(?=1)/, '') : digits).slice(0, 11);
}

/** Index in `formatted` just after its `count`-th digit. */
function caretAfterDigits(formatted: string, count: number): number {
  if (count === 0) return 0;
  let seen = 0;
  for (let i = 0; i < formatted.length; i++) {
    if (/\d/.test(formatted[i]!) && ++seen === count) return i + 1;
  }
  return formatted.length;
}

export function PhoneField({ label = '手机号', value, onChange, onEnter, error, ref }: PhoneFieldProps) {
  const input = useRef<HTMLInputElement | null>(null);
  const caret = useRef<number | null>(null);
  const formatted = formatPhoneInput(value);

  useLayoutEffect(() => {
    if (caret.current === null || !input.current || document.activeElement !== input.current) return;
    input.current.setSelectionRange(caret.current, caret.current);
    caret.current = null;
  });

  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    const raw = event.target.value;
    const at = event.target.selectionStart ?? raw.length;
    let before = digitsOf(raw.slice(0, at)).length;
    let digits = digitsOf(raw);
    // Only a space was deleted (Backspace after it): delete the digit before it instead.
    if (digits === value && raw.length < formatted.length && before > 0) {
      digits = digits.slice(0, before - 1) + digits.slice(before);
      before -= 1;
    }
    caret.current = caretAfterDigits(formatPhoneInput(digits), before);
    onChange(digits);
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing || !onEnter) return;
    // Implicit submission (HTML "implicit submission") would send the form with the code still empty.
    event.preventDefault();
    onEnter();
  }

  function setRefs(el: HTMLInputElement | null) {
    input.current = el;
    if (typeof ref === 'function') ref(el);
    else if (ref) ref.current = el;
  }

  return (
    <Field
      ref={setRefs}
      label={label}
      type="tel"
      inputMode="numeric"
      autoComplete="tel-national"
      enterKeyHint="next"
      placeholder={`请输入${label}`}
      value={formatted}
      onChange={handleChange}
      onKeyDown={handleKeyDown}
      error={error}
    />
  );
}
