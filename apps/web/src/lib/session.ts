// The session (SPEC §3, §4): one module owns the access token, the masked phone, the login
// phone and the clock offset `shortTime`, and keeps every copy of them in step: in-memory state
// (what React renders), localStorage (survives reloads), the cookies of the contract, and the
// API client's configuration (which subscribes to this store).
import { CLOCK_OFFSET_COOKIE_DAYS, COOKIE, TOKEN_COOKIE_DAYS, maskPhone } from '@tyd/protocol/wire';
import { readCookie, removeCookie, writeCookie } from './cookies';
import { useSyncExternalStore } from 'react';
import { local } from './storage';

export interface SessionState {
  accessToken: string | null;
  /** Always masked, 3+****+4 (SPEC §3, §5). */
  phone: string | null;
  /**
   * The number the user typed at login, to prefill the form. Kept in memory only: a full phone
   * number is personal data and does not need to outlive the page.
   */
  loginPhone: string | null;
  /** Server time minus local time in ms (SPEC §3 shortTime, §4 subcode 4001). */
  clockOffset: number;
  /**
   * The stored session was refused by the server (401, SPEC §4): the login page says the login has
   * expired instead of opening without a word. In memory only; a new login or a logout ends it.
   */
  ended: boolean;
  /** The refusal said the session was ended from another device (401/4012, 下线): the login page says that instead. */
  signedOutElsewhere: boolean;
}

export const STORAGE_KEY = { accessToken: 'accessToken', phone: 'phone', clockOffset: 'shortTime' } as const;

type Listener = () => void;
const listeners = new Set<Listener>();
let state: SessionState = load();

function parseOffset(raw: string | null | undefined): number {
  const n = Number(raw);
  return raw != null && raw !== '' && Number.isSafeInteger(n) ? n : 0;
}

function load(): SessionState {
  return {
    accessToken: local.get(STORAGE_KEY.accessToken) || readCookie(COOKIE.accessToken) || null,
    phone: local.get(STORAGE_KEY.phone),
    loginPhone: null,
    ended: false,
    signedOutElsewhere: false,
    clockOffset: parseOffset(local.get(STORAGE_KEY.clockOffset) ?? readCookie(COOKIE.clockOffset)),
  };
}

function set(next: Partial<SessionState>) {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

export const sessionStore = {
  get: (): SessionState => state,
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
  /** Re-reads storage and cookies (tests, and after another tab changed them). */
  reload(): void {
    set(load());
  },
};

/** A visitor without a session, as the first screen sent to one was rendered. */
const VISITOR: SessionState = { accessToken: null, phone: null, loginPhone: null, clockOffset: 0, ended: false, signedOutElsewhere: false };
let firstScreenSession: SessionState | null = null;
const firstScreenSnapshot = () => firstScreenSession;

/**
 * Which session the first screen was rendered for (docs/architecture.md "Delivery"): unknown (the neutral
 * prerender), or a visitor without one (the variant the server sends a browser without the session cookie).
 * Set before the prerender renders and before the page hydrates it, so both render the same.
 */
export function renderFirstScreenFor(visitor: boolean): void {
  firstScreenSession = visitor ? VISITOR : null;
}

/**
 * The session as pages show it; while the build-time prerender is rendered and hydrated (lib/hydration.ts),
 * the one it was rendered for: null (unknown) in the neutral form, so a page shows a neutral frame there
 * rather than a logged-out view a logged-in visitor would see flash by; logged out in a visitor's form.
 */
export function useSession(): SessionState | null {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.get, firstScreenSnapshot);
}

/** Logged in and logged out differ only by the presence of the token (SPEC §4). */
export function isLoggedIn(): boolean {
  return state.accessToken !== null;
}

/** Saved phone: 11 digits stored with the middle four replaced by **** (SPEC §5); else nothing. */
function storedPhone(phone: string): string | null {
  if (/^\d{3}\*{4}\d{4}$/.test(phone)) return phone;
  return maskPhone(phone) || null;
}

/** Login success (SPEC §4): token into state, storage, client configuration and cookie; phone stored. */
export function startSession(login: { accessToken: string; phone: string }): void {
  const phone = storedPhone(login.phone);
  local.set(STORAGE_KEY.accessToken, login.accessToken);
  writeCookie(COOKIE.accessToken, login.accessToken, TOKEN_COOKIE_DAYS);
  if (phone) local.set(STORAGE_KEY.phone, phone);
  else local.remove(STORAGE_KEY.phone);
  set({ accessToken: login.accessToken, phone, ended: false, signedOutElsewhere: false });
}

/** The phone-save response carries the phone (SPEC §3). */
export function savePhone(phone: string): void {
  const masked = storedPhone(phone);
  if (masked) local.set(STORAGE_KEY.phone, masked);
  set({ phone: masked });
}

export function rememberLoginPhone(phone: string | null): void {
  set({ loginPhone: phone });
}

/**
 * Login failure, failed login check, 401 and deregistration (SPEC §4): the token leaves state,
 * storage, client configuration and cookie, and the stored phone is cleared. `ended`: the server
 * refused the session (401), which the login page then explains; `signedOutElsewhere`: it said 4012, ended
 * from another device of the account (docs/api.md "Account security").
 */
export function clearSession({ ended = false, signedOutElsewhere = false }: { ended?: boolean; signedOutElsewhere?: boolean } = {}): void {
  local.remove(STORAGE_KEY.accessToken);
  local.remove(STORAGE_KEY.phone);
  removeCookie(COOKIE.accessToken);
  set({ accessToken: null, phone: null, ended, signedOutElsewhere: ended && signedOutElsewhere });
}

/** Subcode 4001 (SPEC §4): offset = server time − local time, in store, storage and a 720-day cookie. */
export function setClockOffset(offsetMs: number): void {
  const offset = Math.round(offsetMs);
  local.set(STORAGE_KEY.clockOffset, String(offset));
  writeCookie(COOKIE.clockOffset, String(offset), CLOCK_OFFSET_COOKIE_DAYS);
  set({ clockOffset: offset });
}
