// The permission notice at the moment of use (MIIT 2021): the camera or album opens for the ID card, and the
// face check starts, only after the notice said what for and where the images go, and the person agreed.
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRouter } from '../../../lib/router';
import { RouterContext } from '../../../lib/router-react';
import { invalidateQuery } from '../../../lib/server-state';
import FacePage, { faceNavigation } from '../pages/face-page';
import { cameraNotice } from './camera-notice';
import { PhotoCapture } from './photo-capture';

const api = vi.hoisted(() => ({ call: vi.fn(), request: vi.fn() }));
vi.mock('../../../lib/api-client', async () => (await import('../../../test/api-answers')).checkedClient(api));

beforeEach(() => {
  cameraNotice.reset();
  api.call.mockReset();
  api.request.mockReset();
});
afterEach(() => {
  cleanup();
  invalidateQuery('certification-info');
  vi.restoreAllMocks();
});

describe('the camera notice', () => {
  it('comes before the ID card camera opens, says what for and where the photos go, and opens the camera only when agreed', async () => {
    const opened = vi.spyOn(HTMLInputElement.prototype, 'click');
    render(<PhotoCapture side="portrait" onRead={() => {}} />);
    const camera = screen.getByLabelText('拍照') as HTMLInputElement;
    const defaultPrevented: boolean[] = [];
    // Read after React's handlers (delegated to the root, below the document) have run.
    const record = (event: MouseEvent) => void (event.target === camera && defaultPrevented.push(event.defaultPrevented));
    document.addEventListener('click', record);

    await userEvent.click(screen.getByText('拍照'));
    // The press reached the input, whose opening was held back for the notice.
    expect(defaultPrevented).toEqual([true]);
    const notice = screen.getByRole('dialog', { name: '需要使用相机或相册' });
    expect(notice.textContent).toContain('用途：拍摄或选择您的身份证人像面和国徽面照片，用于实名认证');
    expect(notice.textContent).toContain('去向：照片在本机压缩后加密上传至通盈达服务器');

    // Declined: nothing opens, and the next press asks again.
    await userEvent.click(within(notice).getByRole('button', { name: '暂不使用' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await userEvent.click(screen.getByText('从相册选择'));
    opened.mockClear();
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: '同意并继续' }));
    // Agreed: the input the person pressed (the album) opens, and no notice is shown again on this page load.
    expect(opened.mock.contexts).toEqual([screen.getByLabelText('从相册选择')]);
    expect(screen.queryByRole('dialog')).toBeNull();
    defaultPrevented.length = 0;
    await userEvent.click(screen.getByText('拍照'));
    expect(defaultPrevented).toEqual([false]);
    expect(screen.queryByRole('dialog')).toBeNull();
    document.removeEventListener('click', record);
  });

  it('comes before the face check starts: nothing is asked of the server until agreed', async () => {
    api.call.mockResolvedValue({
      state: 'identity-confirmed',
      documents: { portrait: true, emblem: true },
      name: '张*三',
      idNumber: '110***********1234',
      validTo: '2040-01-01',
      verifiedAt: null,
      failure: null,
      faceTriesLeft: 2,
    });
    api.request.mockResolvedValue({ code: '200', msg: '成功', data: { url: 'https://faceid.example.com/h5?token=abc', expiresAt: 1, faceTriesLeft: 1 } });
    const go = vi.spyOn(faceNavigation, 'go').mockImplementation(() => {});
    const router = createRouter();
    await router.start();
    render(
      <RouterContext value={router}>
        <FacePage />
      </RouterContext>,
    );
    await userEvent.click(await screen.findByRole('button', { name: '开始人脸识别' }));
    const notice = screen.getByRole('dialog', { name: '需要使用摄像头' });
    expect(notice.textContent).toContain('我们只保存核验结果，不保存面部图像');
    expect(api.request).not.toHaveBeenCalled();
    await userEvent.click(within(notice).getByRole('button', { name: '同意并开始' }));
    expect(api.request).toHaveBeenCalledTimes(1);
    expect(go).toHaveBeenCalledWith('https://faceid.example.com/h5?token=abc');
  });
});
