// /mine/identity/face-return: the result comes from h5-face-verify, never from the address the provider sent back.
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRouter } from '../../../lib/router';
import { RouterContext } from '../../../lib/router-react';
import { invalidateQuery } from '../../../lib/server-state';
import FaceReturnPage from './face-return-page';

const api = vi.hoisted(() => ({ request: vi.fn(), call: vi.fn() }));
vi.mock('../../../lib/api-client', async () => (await import('../../../test/api-answers')).checkedClient(api));

const VERIFIED = {
  state: 'verified',
  documents: { portrait: true, emblem: true },
  name: '沙*户',
  idNumber: '110***********9905',
  validTo: '2040-01-01',
  verifiedAt: 1,
  failure: null,
  faceTriesLeft: 4,
};

async function openPage(search = '') {
  window.history.replaceState(null, '', `/mine/identity/face-return${search}`);
  const router = createRouter();
  await router.start();
  render(
    <RouterContext value={router}>
      <FaceReturnPage />
    </RouterContext>,
  );
}

beforeEach(() => {
  api.request.mockReset();
  api.call.mockReset().mockResolvedValue({
    ...VERIFIED,
    state: 'failed',
    name: '沙*户',
    verifiedAt: null,
    failure: { reason: 'face-mismatch', next: 'retry-face' },
    faceTriesLeft: 2,
  });
});
afterEach(() => {
  cleanup();
  invalidateQuery('certification-info');
});

describe('/mine/identity/face-return', () => {
  it('asks the server once with an empty payload, whatever the query says, and shows the masked identity', async () => {
    api.request.mockResolvedValue({ code: '200', msg: '成功', data: VERIFIED });
    await openPage('?result=passed&BizToken=forged');
    expect(await screen.findByText('实名认证成功')).toBeTruthy();
    expect(screen.getByText('沙*户 110***********9905')).toBeTruthy();
    expect(api.request).toHaveBeenCalledTimes(1);
    expect(api.request).toHaveBeenCalledWith('/v1/user/h5-face-verify', {}, expect.anything());
  });

  it('a failed liveness check says so, what to do, the tries left today, and offers another try', async () => {
    api.request.mockResolvedValue({ code: '400', subcode: '4609', msg: '请求参数错误', submsg: '活体检测未通过，请在光线充足处正对屏幕重试' });
    await openPage();
    expect((await screen.findByRole('alert')).textContent).toBe('认证未通过活体检测未通过');
    expect(screen.getByRole('note').textContent).toBe('请在光线充足的地方，正对屏幕重新进行人脸识别。');
    expect(await screen.findByText('今日还可尝试 2 次')).toBeTruthy();
    expect(screen.getByRole('link', { name: '重新人脸识别' }).getAttribute('href')).toBe('/mine/identity/face');
  });

  it('another face says why; with no tries left today, try tomorrow and no way to start again', async () => {
    api.request.mockResolvedValue({ code: '400', subcode: '4504', msg: '请求参数错误', submsg: '人脸识别未通过，请重试' });
    api.call.mockResolvedValue({
      ...VERIFIED,
      state: 'failed',
      verifiedAt: null,
      failure: { reason: 'face-mismatch', next: 'try-tomorrow' },
      faceTriesLeft: 0,
    });
    await openPage();
    expect((await screen.findByRole('alert')).textContent).toContain('人脸与身份证照片不一致');
    await vi.waitFor(() => expect(screen.getByRole('note').textContent).toBe('今日人脸识别次数已用完，请明天再试。'));
    expect(screen.queryByRole('link', { name: '重新人脸识别' })).toBeNull();
    expect(screen.queryByText(/今日还可尝试/)).toBeNull();
    expect(screen.getByRole('link', { name: '查看认证状态' })).toBeTruthy();
  });

  it('an unfinished face check is said as such, with another try', async () => {
    api.request.mockResolvedValue({ code: '400', subcode: '4608', msg: '请求参数错误', submsg: '人脸识别未完成，请重新开始' });
    await openPage();
    expect((await screen.findByRole('alert')).textContent).toBe('人脸识别未完成识别过程中返回了，或识别已超时，请重新开始');
    expect(screen.getByRole('link', { name: '重新人脸识别' })).toBeTruthy();
    expect(await screen.findByText('今日还可尝试 2 次')).toBeTruthy();
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('an identity the authority does not know leads back to the card', async () => {
    api.request.mockResolvedValue({ code: '400', subcode: '4503', msg: '请求参数错误', submsg: '姓名与身份证号码不一致，请核对后重试' });
    await openPage();
    expect((await screen.findByRole('link', { name: '核对身份证信息' })).getAttribute('href')).toBe('/mine/identity/idcard');
    expect(screen.getByText('姓名与身份证号码不一致，或公安系统中无此身份信息')).toBeTruthy();
    expect(screen.getByRole('note').textContent).toBe('请核对身份证信息（姓名有误可在确认页修改），重新拍摄身份证后再认证。');
  });

  it('the provider being down offers to ask again', async () => {
    api.request
      .mockResolvedValueOnce({ code: '502', subcode: '4501', msg: '服务暂时不可用，请稍后重试', submsg: '认证服务暂时不可用，请稍后重试' })
      .mockResolvedValueOnce({ code: '200', msg: '成功', data: VERIFIED });
    await openPage();
    (await screen.findByRole('button', { name: '重新获取结果' })).click();
    expect(await screen.findByText('实名认证成功')).toBeTruthy();
  });
});
