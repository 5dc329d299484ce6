// The consent-renewal dialog as a user meets it (STYLE.md "Tests"): by role and text, against a mocked
// API client. Each test logs in with its own token: the check runs once per session and page load.
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiResponse } from '@tyd/protocol/wire';
import { Toaster } from '../../../components/toaster';
import { dismissToast } from '../../../lib/notify';
import { clearSession, sessionStore, startSession } from '../../../lib/session';
import { TransportError } from '../../../lib/api-errors';
import ConsentRenewal, { CONSENT_CHECK_RETRY_MS, TEXT } from './consent-renewal';

const api = vi.hoisted(() => ({ request: vi.fn(), call: vi.fn() }));
vi.mock('../../../lib/api-client', async () => (await import('../../../test/api-answers')).checkedClient(api));

const VERSION = '2026-12-01~2026-11-01';
const PENDING = {
  version: VERSION,
  pending: [{ kind: 'privacy', version: '2026-12-01', title: '通盈达隐私政策', url: '/legal/privacy', summary: '新增了人脸识别信息的处理规则。' }],
};
const OK: ApiResponse = { code: '200', msg: '成功' };

let tokenCounter = 0;
function logIn() {
  tokenCounter += 1;
  startSession({ accessToken: `T${String(tokenCounter).padStart(42, '0')}`, phone: '13812345678' });
}

/** call() answers by path (privacy-policy-status, get-user-unprivacy-info). */
function status(renewalRequired: boolean) {
  api.call.mockImplementation(async (path: string) => {
    if (path === '/v1/user/privacy-policy-status') return { version: VERSION, acceptedVersion: '2026-11-01~2026-11-01', renewalRequired };
    if (path === '/v1/user/get-user-unprivacy-info') return PENDING;
    throw new Error(`unexpected call ${path}`);
  });
}

const requested = (path: string) => api.request.mock.calls.filter(([p]) => p === path).map(([, payload]) => payload as unknown);

/** The dialog beside the toaster; a rerender gives the same tree, so the dialog keeps its state. */
const tree = (active: boolean) => (
  <>
    <ConsentRenewal active={active} />
    <Toaster />
  </>
);

function show(active = true) {
  return render(tree(active));
}

beforeEach(() => {
  localStorage.clear();
  clearSession();
  api.request.mockReset();
  api.call.mockReset();
  api.request.mockResolvedValue(OK);
});
afterEach(() => {
  cleanup();
  act(() => dismissToast());
});

describe('consent renewal dialog', () => {
  it('names the changed documents, with links and what changed, when renewal is required', async () => {
    status(true);
    logIn();
    show();
    const dialog = await screen.findByRole('dialog', { name: TEXT.title });
    expect(within(dialog).getByRole('link', { name: '《通盈达隐私政策》' }).getAttribute('href')).toBe('/legal/privacy');
    expect(within(dialog).getByText('新增了人脸识别信息的处理规则。')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: TEXT.agree })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: TEXT.decline })).toBeTruthy();
  });

  it('asks nothing when the accepted version is current, and checks once per session', async () => {
    status(false);
    logIn();
    const view = show();
    await vi.waitFor(() => expect(api.call).toHaveBeenCalledWith('/v1/user/privacy-policy-status', {}, expect.anything()));
    view.rerender(tree(true));
    await act(async () => {});
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.call.mock.calls.filter(([p]) => p === '/v1/user/privacy-policy-status')).toHaveLength(1);
    expect(api.call.mock.calls.some(([p]) => p === '/v1/user/get-user-unprivacy-info')).toBe(false);
  });

  it('does not check while inactive (an excluded route), and asks once it becomes active', async () => {
    status(true);
    logIn();
    const view = show(false);
    await act(async () => {});
    expect(api.call).not.toHaveBeenCalled();
    view.rerender(tree(true));
    await screen.findByRole('dialog', { name: TEXT.title });
  });

  it('a failed check is a background check: asked quietly, logged, and asked again later', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      api.call.mockRejectedValueOnce(new TransportError('http', '服务器繁忙，请稍后重试', 500));
      logIn();
      show();
      await vi.waitFor(() => expect(warn).toHaveBeenCalled());
      expect(api.call).toHaveBeenCalledWith('/v1/user/privacy-policy-status', {}, expect.objectContaining({ background: true }));
      expect(screen.queryByRole('dialog')).toBeNull();
      status(true);
      await act(() => vi.advanceTimersByTimeAsync(CONSENT_CHECK_RETRY_MS));
      expect(await screen.findByRole('dialog', { name: TEXT.title })).toBeTruthy();
      expect(api.call).toHaveBeenCalledWith('/v1/user/get-user-unprivacy-info', {}, expect.objectContaining({ background: true }));
    } finally {
      warn.mockRestore();
      vi.useRealTimers();
    }
  });

  it('同意并继续 sends renew-info with the shown version and closes; the session stays', async () => {
    status(true);
    logIn();
    show();
    await userEvent.click(await screen.findByRole('button', { name: TEXT.agree }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requested('/v1/user/renew-info')).toEqual([{ version: VERSION }]);
    expect(requested('/v1/user/renew-expire')).toEqual([]);
    expect(sessionStore.get().accessToken).not.toBeNull();
  });

  it('an outdated version (4210) keeps the dialog and shows the documents fetched again', async () => {
    status(true);
    logIn();
    api.request.mockResolvedValueOnce({ code: '409', subcode: '4210', msg: '冲突', submsg: '协议已更新，请重新阅读' });
    show();
    await userEvent.click(await screen.findByRole('button', { name: TEXT.agree }));
    await vi.waitFor(() => expect(api.call.mock.calls.filter(([p]) => p === '/v1/user/get-user-unprivacy-info')).toHaveLength(2));
    expect(screen.getByRole('dialog', { name: TEXT.title })).toBeTruthy();
  });

  it('不同意 explains first; going back keeps the session; confirming sends renew-expire and logs out', async () => {
    status(true);
    logIn();
    show();
    await userEvent.click(await screen.findByRole('button', { name: TEXT.decline }));
    const confirm = screen.getByRole('dialog', { name: TEXT.confirmTitle });
    expect(within(confirm).getByText(TEXT.confirmBody)).toBeTruthy();
    expect(requested('/v1/user/renew-expire')).toEqual([]);

    await userEvent.click(within(confirm).getByRole('button', { name: TEXT.back }));
    await userEvent.click(screen.getByRole('button', { name: TEXT.decline }));
    await userEvent.click(screen.getByRole('button', { name: TEXT.confirmDecline }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requested('/v1/user/renew-expire')).toEqual([{}]);
    expect(requested('/v1/user/renew-info')).toEqual([]);
    expect(sessionStore.get().accessToken).toBeNull();
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(screen.getByText(TEXT.loggedOut)).toBeTruthy();
  });

  it('Escape does not dismiss the first step without a choice', async () => {
    status(true);
    logIn();
    show();
    await screen.findByRole('dialog', { name: TEXT.title });
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: TEXT.title })).toBeTruthy();
  });
});
