import { renderToString } from 'react-dom/server';
import { beforeEach, describe, expect, it } from 'vitest';
import { clientConfig } from './api-client';
import { readCookie } from './cookies';
import {
  clearSession,
  isLoggedIn,
  rememberLoginPhone,
  renderFirstScreenFor,
  savePhone,
  sessionStore,
  setClockOffset,
  startSession,
  useSession,
} from './session';

beforeEach(() => {
  localStorage.clear();
  clearSession();
  setClockOffset(0);
});

describe('session store (SPEC §3, §4)', () => {
  it('login success puts the token in state, storage, client configuration and a 7-day cookie; the phone is stored masked', () => {
    startSession({ accessToken: 'tok-123', phone: '13812345678' });
    expect(sessionStore.get()).toMatchObject({ accessToken: 'tok-123', phone: '138****5678' });
    expect(localStorage.getItem('accessToken')).toBe('tok-123');
    expect(localStorage.getItem('phone')).toBe('138****5678');
    expect(readCookie('x-access-token')).toBe('tok-123');
    expect(clientConfig().accessToken).toBe('tok-123');
    expect(isLoggedIn()).toBe(true);
  });

  it('clearing (login failure, failed check, 401, deregistration) removes every copy and the phone', () => {
    startSession({ accessToken: 'tok-123', phone: '13812345678' });
    clearSession();
    expect(sessionStore.get()).toMatchObject({ accessToken: null, phone: null });
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(localStorage.getItem('phone')).toBeNull();
    expect(readCookie('x-access-token')).toBeUndefined();
    expect(clientConfig().accessToken).toBeNull();
    expect(isLoggedIn()).toBe(false);
  });

  it('a phone that is not 11 digits is not stored; an already masked one is kept', () => {
    savePhone('12345');
    expect(sessionStore.get().phone).toBeNull();
    savePhone('139****0000');
    expect(localStorage.getItem('phone')).toBe('139****0000');
  });

  it('shortTime defaults to 0 and is kept in store, storage, a cookie and the client configuration', () => {
    expect(sessionStore.get().clockOffset).toBe(0);
    setClockOffset(-12_345.4);
    expect(sessionStore.get().clockOffset).toBe(-12_345);
    expect(localStorage.getItem('shortTime')).toBe('-12345');
    expect(readCookie('shortTime')).toBe('-12345');
    expect(clientConfig().clockOffset).toBe(-12_345);
  });

  it('reloads what storage holds (a new page load)', () => {
    localStorage.setItem('accessToken', 'stored');
    localStorage.setItem('phone', '138****5678');
    localStorage.setItem('shortTime', 'garbage');
    sessionStore.reload();
    expect(sessionStore.get()).toMatchObject({ accessToken: 'stored', phone: '138****5678', clockOffset: 0 });
  });

  it('keeps the login phone in memory only', () => {
    rememberLoginPhone('13812345678');
    expect(sessionStore.get().loginPhone).toBe('13812345678');
    expect(JSON.stringify({ ...localStorage })).not.toContain('13812345678');
  });
});

describe('the session a first screen is rendered for (docs/architecture.md "Delivery")', () => {
  function Shown() {
    const session = useSession();
    return <p>{session === null ? 'unknown' : session.accessToken === null ? 'visitor' : 'logged in'}</p>;
  }

  it('renders the neutral form (unknown) by default and a visitor form when asked, whatever the client holds', () => {
    startSession({ accessToken: 'A'.repeat(43), phone: '13812345678' });
    try {
      expect(renderToString(<Shown />)).toBe('<p>unknown</p>');
      renderFirstScreenFor(true);
      expect(renderToString(<Shown />)).toBe('<p>visitor</p>');
    } finally {
      renderFirstScreenFor(false);
      clearSession();
    }
    expect(renderToString(<Shown />)).toBe('<p>unknown</p>');
  });
});
