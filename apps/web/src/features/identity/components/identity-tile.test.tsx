// The certification tile on home and 我的: the state from certification-info, or a neutral entry.
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRouter } from '../../../lib/router';
import { RouterContext } from '../../../lib/router-react';
import { invalidateQuery } from '../../../lib/server-state';
import { clearSession, startSession } from '../../../lib/session';
import { nextPath } from '../utils/identity-texts';
import { IdentityTile } from './identity-tile';

const api = vi.hoisted(() => ({ call: vi.fn(), request: vi.fn() }));
vi.mock('../../../lib/api-client', async () => (await import('../../../test/api-answers')).checkedClient(api));

const INFO = {
  state: 'verified',
  documents: { portrait: true, emblem: true },
  name: '张*三',
  idNumber: '110***********1234',
  validTo: 'long-term',
  verifiedAt: 1,
  failure: null,
  faceTriesLeft: 5,
} as const;

async function show() {
  const router = createRouter();
  await router.start();
  render(
    <RouterContext value={router}>
      <IdentityTile />
    </RouterContext>,
  );
}

beforeEach(() => api.call.mockReset());
afterEach(() => {
  cleanup();
  clearSession();
  invalidateQuery('certification-info');
});

describe('IdentityTile', () => {
  it('logged out: a way in, and nothing asked', async () => {
    clearSession();
    await show();
    expect(screen.getByRole('link', { name: /^实名认证.*去认证$/ }).getAttribute('href')).toBe('/mine/identity');
    expect(api.call).not.toHaveBeenCalled();
  });

  it('logged in: the state and the masked identity', async () => {
    startSession({ accessToken: 'T'.repeat(43), phone: '13812345678' });
    api.call.mockResolvedValue(INFO);
    await show();
    await screen.findByRole('link', { name: /^实名认证.*已认证$/ });
    expect(screen.getByText('张*三 110***********1234')).toBeTruthy();
    expect(api.call).toHaveBeenCalledWith('/v1/user/certification-info', {}, expect.objectContaining({ toastErrors: false }));
  });
});

describe('nextPath', () => {
  it('leads each state to its step, and nowhere when there is nothing to do today', () => {
    expect(nextPath({ ...INFO, state: 'not-started' })).toBe('/mine/identity/idcard');
    expect(nextPath({ ...INFO, state: 'identity-confirmed' })).toBe('/mine/identity/face');
    expect(nextPath({ ...INFO, state: 'failed', failure: { reason: 'identity-not-found', next: 'recheck-documents' } })).toBe('/mine/identity/idcard');
    expect(nextPath({ ...INFO, state: 'failed', failure: { reason: 'liveness', next: 'retry-face' } })).toBe('/mine/identity/face');
    expect(nextPath({ ...INFO, state: 'failed', failure: { reason: 'liveness', next: 'try-tomorrow' }, faceTriesLeft: 0 })).toBeNull();
    expect(nextPath(INFO)).toBeNull();
  });
});
