// /mine/identity: the state and the way on; with no face tries left today, the locked state and no buttons.
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRouter } from '../../../lib/router';
import { RouterContext } from '../../../lib/router-react';
import { invalidateQuery } from '../../../lib/server-state';
import IdentityPage from './identity-page';

const api = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../../../lib/api-client', async () => (await import('../../../test/api-answers')).checkedClient(api));

const INFO = {
  state: 'identity-confirmed',
  documents: { portrait: true, emblem: true },
  name: '张*三',
  idNumber: '110***********1234',
  validTo: '2040-01-01',
  verifiedAt: null,
  failure: null,
  faceTriesLeft: 3,
};

async function openPage() {
  const router = createRouter();
  await router.start();
  render(
    <RouterContext value={router}>
      <IdentityPage />
    </RouterContext>,
  );
}

beforeEach(() => {
  api.call.mockReset().mockResolvedValue(INFO);
});
afterEach(() => {
  cleanup();
  invalidateQuery('certification-info');
});

describe('/mine/identity', () => {
  it('with tries left, continues to the face step', async () => {
    await openPage();
    expect((await screen.findByRole('link', { name: '继续认证' })).getAttribute('href')).toBe('/mine/identity/face');
    expect(screen.queryByText('今日人脸识别次数已用完，请明天再试')).toBeNull();
  });

  it.each([
    ['identity-confirmed', null, null],
    ['face-pending', null, null],
    ['failed', { reason: 'liveness', next: 'try-tomorrow' }, '上次结果：活体检测未通过'],
  ])('with no tries left today (%s) shows the locked state and no way to start', async (state, failure, last) => {
    api.call.mockResolvedValue({ ...INFO, state, failure, faceTriesLeft: 0 });
    await openPage();
    expect((await screen.findByText('今日人脸识别次数已用完，请明天再试')).closest('[role=status]')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /继续认证|重新认证|开始认证|重新拍摄身份证/ })).toBeNull();
    if (last) expect(screen.getByText(last)).toBeTruthy();
  });

  it.each([
    [{ portrait: false, emblem: false }, '开始认证', null],
    [{ portrait: true, emblem: false }, '继续认证', '已识别人像面，还需拍摄国徽面'],
    [{ portrait: false, emblem: true }, '继续认证', '已识别国徽面，还需拍摄人像面'],
  ])('not started with sides %o read: %s', async (documents, action, said) => {
    api.call.mockResolvedValue({ ...INFO, state: 'not-started', documents, name: null, idNumber: null, validTo: null, faceTriesLeft: 5 });
    await openPage();
    expect((await screen.findByRole('link', { name: action })).getAttribute('href')).toBe('/mine/identity/idcard');
    if (said) expect(screen.getByText(said)).toBeTruthy();
    else expect(screen.queryByText(/^已识别/)).toBeNull();
  });

  it.each([
    ['not-started', '1拍摄身份证'],
    ['documents-read', '2核对信息'],
    ['identity-confirmed', '3人脸识别'],
    ['face-pending', '3人脸识别'],
  ])('in state %s marks the step %s as current', async (state, step) => {
    api.call.mockResolvedValue({ ...INFO, state });
    await openPage();
    const steps = await screen.findByRole('list', { name: '认证步骤' });
    expect(steps.querySelector('[aria-current="step"]')?.textContent).toBe(step);
  });

  it('a failure that needs the card photographed again is not locked by the face tries', async () => {
    api.call.mockResolvedValue({ ...INFO, state: 'failed', failure: { reason: 'identity-not-found', next: 'recheck-documents' }, faceTriesLeft: 0 });
    await openPage();
    expect((await screen.findByRole('link', { name: '重新认证' })).getAttribute('href')).toBe('/mine/identity/idcard');
    expect(screen.queryByText('今日人脸识别次数已用完，请明天再试')).toBeNull();
  });
});
