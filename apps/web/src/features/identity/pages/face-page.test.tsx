// /mine/identity/face: h5-face-url, then off to the provider's address; the day's cap is said and stops the button.
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRouter } from '../../../lib/router';
import { RouterContext } from '../../../lib/router-react';
import { invalidateQuery } from '../../../lib/server-state';
import { cameraNotice } from '../components/camera-notice';
import FacePage, { faceNavigation } from './face-page';

const api = vi.hoisted(() => ({ call: vi.fn(), request: vi.fn() }));
vi.mock('../../../lib/api-client', async () => (await import('../../../test/api-answers')).checkedClient(api));

const INFO = {
  state: 'identity-confirmed',
  documents: { portrait: true, emblem: true },
  name: '张*三',
  idNumber: '110***********1234',
  validTo: '2040-01-01',
  verifiedAt: null,
  failure: null,
  faceTriesLeft: 2,
};

async function openPage() {
  const router = createRouter();
  await router.start();
  render(
    <RouterContext value={router}>
      <FacePage />
    </RouterContext>,
  );
}

beforeEach(() => {
  // The camera notice before the first start has its own test (components/camera-notice.test.tsx).
  cameraNotice.accept('face');
  api.call.mockReset().mockResolvedValue(INFO);
  api.request.mockReset();
});
afterEach(() => {
  cleanup();
  invalidateQuery('certification-info');
  vi.restoreAllMocks();
});

describe('/mine/identity/face', () => {
  it('starts a face check and leaves for the address the server gave', async () => {
    const go = vi.spyOn(faceNavigation, 'go').mockImplementation(() => {});
    api.request.mockResolvedValue({ code: '200', msg: '成功', data: { url: 'https://faceid.example.com/h5?token=abc', expiresAt: 1, faceTriesLeft: 1 } });
    await openPage();
    expect(await screen.findByText('今日还可尝试 2 次')).toBeTruthy();
    // Whose face: the masked identity as a list, so the number is never broken inside a sentence.
    expect(screen.getByText('将核验以下身份本人的人脸：')).toBeTruthy();
    expect(screen.getAllByRole('definition').map((dd) => [dd.previousElementSibling?.textContent, dd.textContent])).toEqual([
      ['姓名', '张*三'],
      ['身份证号', '110***********1234'],
    ]);
    await userEvent.click(screen.getByRole('button', { name: '开始人脸识别' }));
    await vi.waitFor(() => expect(go).toHaveBeenCalledWith('https://faceid.example.com/h5?token=abc'));
    expect(api.request).toHaveBeenCalledWith('/v1/user/h5-face-url', {}, expect.anything());
  });

  it('when h5-face-url answers 4607, shows the locked-for-today state with no start button and does not leave', async () => {
    const go = vi.spyOn(faceNavigation, 'go').mockImplementation(() => {});
    api.request.mockResolvedValue({
      code: '429',
      subcode: '4607',
      msg: '请求过于频繁，请稍后重试',
      submsg: '今日人脸识别次数已达上限，请明天再试',
      data: { retryAfterSeconds: 100 },
    });
    await openPage();
    await userEvent.click(await screen.findByRole('button', { name: '开始人脸识别' }));
    expect((await screen.findByRole('status')).textContent).toContain('今日人脸识别次数已用完，请明天再试');
    expect(screen.queryByRole('button', { name: '开始人脸识别' })).toBeNull();
    expect(screen.getByRole('link', { name: '返回实名认证' }).getAttribute('href')).toBe('/mine/identity');
    expect(go).not.toHaveBeenCalled();
  });

  it.each([
    ['identity-confirmed', null],
    ['failed', { reason: 'face-mismatch', next: 'try-tomorrow' }],
  ])('with no tries left today (%s) opens locked, with no start button', async (state, failure) => {
    api.call.mockResolvedValue({ ...INFO, state, failure, faceTriesLeft: 0 });
    await openPage();
    expect((await screen.findByRole('status')).textContent).toContain('今日人脸识别次数已用完，请明天再试');
    expect(screen.queryByRole('button', { name: '开始人脸识别' })).toBeNull();
    expect(screen.queryByText(/今日还可尝试/)).toBeNull();
    expect(api.request).not.toHaveBeenCalled();
  });

  it('documents still to photograph come first, even with no tries left', async () => {
    api.call.mockResolvedValue({ ...INFO, state: 'not-started', name: null, idNumber: null, faceTriesLeft: 0 });
    await openPage();
    expect(await screen.findByRole('link', { name: '先拍摄身份证' })).toBeTruthy();
    expect(screen.queryByText('今日人脸识别次数已用完，请明天再试')).toBeNull();
  });
});
