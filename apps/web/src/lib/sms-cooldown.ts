// The resend countdown of SMS codes (one code per minute per phone, docs/api.md), shared by every form that
// asks for a code. The deadline is kept in localStorage so the countdown survives a reload; it belongs
// to the number it was started for, stored masked (SPEC §3: a stored phone is masked). Kept apart from
// the send call (sms-code.ts), which pages load only when the user asks for a code.
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { isSmsCode, maskPhone } from '@tyd/protocol/wire';
import { type SmsPurpose } from '@tyd/protocol/schemas';
import { useHydrated } from './hydration';
import { local } from './storage';

/** What is wrong with a typed code before it is sent, in the words the user sees; undefined when it is 6 digits. */
export function smsCodeProblem(code: string): string | undefined {
  if (!code) return '请输入验证码';
  return isSmsCode(code) ? undefined : '请输入6位数字验证码';
}

interface StoredCooldown {
  until: number;
  /** Masked number the countdown is for; null when sent to the account's own phone. */
  phone: string | null;
}

const COOLDOWN_PREFIX = 'tyd.smsCooldown.';
const cooldownKey = (purpose: SmsPurpose) => COOLDOWN_PREFIX + purpose;
const listeners = new Set<() => void>();
let version = 0;

function changed() {
  version += 1;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab of the same browser started a countdown: it applies here too.
  const onStorage = (event: StorageEvent) => event.key?.startsWith(COOLDOWN_PREFIX) && changed();
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

function readCooldown(purpose: SmsPurpose): StoredCooldown | null {
  try {
    const value = JSON.parse(local.get(cooldownKey(purpose)) ?? 'null') as Partial<StoredCooldown> | null;
    if (typeof value?.until !== 'number') return null;
    return { until: value.until, phone: typeof value.phone === 'string' ? value.phone : null };
  } catch {
    return null;
  }
}

/** Starts (or continues) the countdown of `purpose` for `phone` (digits; omitted: the account's own). */
export function startCooldown(purpose: SmsPurpose, seconds: number, phone?: string): void {
  const stored: StoredCooldown = { until: Date.now() + seconds * 1000, phone: phone ? maskPhone(phone) || null : null };
  local.set(cooldownKey(purpose), JSON.stringify(stored));
  changed();
}

/** Whether the digits typed so far could be the number masked as `masked` (3+****+4). */
function couldBe(masked: string, typed: string): boolean {
  return typed !== '' && [...typed].every((digit, i) => masked[i] === '*' || masked[i] === digit);
}

/** Milliseconds left for `phone` (digits as typed so far); 0 when a code may be sent. */
export function cooldownLeftMs(purpose: SmsPurpose, phone: string | undefined, now: number = Date.now()): number {
  const stored = readCooldown(purpose);
  if (!stored || stored.until <= now) return 0;
  // The countdown is the number's it was started for: shown while the field holds (the start of) that
  // number; an empty field (a page opened later, after a session ended) or another number has none,
  // as another number has its own cooldown on the server and may be sent to at once.
  if (stored.phone && phone !== undefined && !couldBe(stored.phone, phone)) return 0;
  return stored.until - now;
}

/**
 * Whole seconds left of the countdown (rounded up), re-rendering at each second boundary while it
 * runs; and `start` to begin one for `phone`.
 */
export function useSmsCooldown(purpose: SmsPurpose, phone?: string): { secondsLeft: number; start: (seconds: number) => void } {
  // The prerendered page shows no countdown (lib/hydration.ts): a running one shows right after hydration.
  const hydrated = useHydrated();
  useSyncExternalStore(
    subscribe,
    () => version,
    () => version,
  );
  const [tick, setTick] = useState(0);
  const msLeft = hydrated ? cooldownLeftMs(purpose, phone) : 0;
  const secondsLeft = Math.ceil(msLeft / 1000);
  // Wake just after the next whole second; re-armed after each wake (tick) and on a new countdown.
  const delay = (msLeft % 1000 || 1000) + 15;
  useEffect(() => {
    if (secondsLeft <= 0) return;
    const timer = setTimeout(() => setTick((n) => n + 1), delay);
    return () => clearTimeout(timer);
  }, [tick, secondsLeft, delay]);
  const start = useCallback((seconds: number) => startCooldown(purpose, seconds, phone), [purpose, phone]);
  return { secondsLeft, start };
}
