// /mine/identity/idcard as a user meets it: both sides photographed and read, the check form, certification.
import { API, type UploadPurpose } from '@tyd/protocol/wire';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRouter, type Router } from '../../../lib/router';
import { RouterContext } from '../../../lib/router-react';
import { TransportError } from '../../../lib/api-errors';
import { answerData } from '../../../test/api-answers';
import { cameraNotice } from '../components/camera-notice';
import IdCardPage from './idcard-page';

const api = vi.hoisted(() => ({ request: vi.fn(), call: vi.fn() }));
vi.mock('../../../lib/api-client', async () => (await import('../../../test/api-answers')).checkedClient(api));
const upload = vi.hoisted(() => ({ uploadPhoto: vi.fn() }));
vi.mock('../../../lib/photo-upload', () => upload);
vi.mock('../utils/compress-photo', () => ({ compressPhoto: async (file: Blob) => file }));

const PORTRAIT = {
  side: 'portrait',
  state: 'not-started',
  name: '沙盒用户',
  sex: '女',
  ethnicity: '汉',
  birthDate: '1990-03-07',
  address: '北京市东城区沙盒路1号',
  idNumber: '110101199003079905',
  warnings: ['glare'],
};
const EMBLEM = { side: 'emblem', state: 'documents-read', authority: '北京市公安局东城分局', validFrom: '2020-01-01', validTo: '2040-01-01', warnings: [] };
const INFO = {
  state: 'identity-confirmed',
  documents: { portrait: true, emblem: true },
  name: '沙*户',
  idNumber: '110***********9905',
  validTo: '2040-01-01',
  verifiedAt: null,
  failure: null,
  faceTriesLeft: 5,
};

let router: Router;
async function openPage() {
  window.history.replaceState(null, '', '/mine/identity/idcard');
  router = createRouter();
  await router.start();
  render(
    <RouterContext value={router}>
      <IdCardPage />
    </RouterContext>,
  );
}
const photo = () => new File([new Uint8Array([0xff, 0xd8, 0xff])], 'card.jpg', { type: 'image/jpeg' });

beforeEach(() => {
  // The camera notice before the first photo has its own test (components/camera-notice.test.tsx).
  cameraNotice.accept('idcard');
  api.call.mockReset().mockResolvedValue({ state: 'not-started', portrait: null, emblem: null });
  api.request.mockReset();
  upload.uploadPhoto.mockReset();
  // What upload-finish answers (uploadPhoto resolves with it), built through its response schema.
  upload.uploadPhoto.mockImplementation(async (_blob: Blob, purpose: UploadPurpose) =>
    answerData(API.finishUpload, {
      uploadId: purpose === 'idcard-portrait' ? '00000000-0000-4000-8000-000000000001' : '00000000-0000-4000-8000-000000000002',
      purpose,
      contentType: 'image/jpeg',
      width: 1200,
      height: 760,
      storedBytes: 180_000,
      expiresAt: Date.UTC(2030, 0, 1),
    }),
  );
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});
afterEach(cleanup);

describe('/mine/identity/idcard', () => {
  it('reads both sides, shows what was read, lets the name be corrected and certifies', async () => {
    api.request.mockImplementation(async (path: string, payload: { side?: string }) => {
      if (path === '/v1/user/idcard-ocr') return { code: '200', msg: '成功', data: payload.side === 'portrait' ? PORTRAIT : EMBLEM };
      if (path === '/v1/user/certification') return { code: '200', msg: '成功', data: INFO };
      throw new Error(path);
    });
    await openPage();
    const next = screen.getByRole('button', { name: '下一步' });
    expect(next).toHaveProperty('disabled', true);
    const [portraitCamera, emblemCamera] = screen.getAllByLabelText('拍照');
    // The camera input asks for the back camera; the album input does not.
    expect(portraitCamera?.getAttribute('capture')).toBe('environment');
    expect(screen.getAllByLabelText('从相册选择')[0]?.hasAttribute('capture')).toBe(false);
    await userEvent.upload(portraitCamera!, photo());
    expect(await screen.findByText('照片有反光，建议重新拍摄')).toBeTruthy();
    await userEvent.upload(emblemCamera!, photo());
    expect(await screen.findAllByText('已识别')).toHaveLength(2);
    expect(api.request).toHaveBeenCalledWith('/v1/user/idcard-ocr', { uploadId: '00000000-0000-4000-8000-000000000001', side: 'portrait' }, expect.anything());
    await userEvent.click(next);
    expect(screen.getByText('110101199003079905')).toBeTruthy();
    expect(screen.getByText('有效期限').nextElementSibling?.textContent).toBe('2020-01-01 至 2040-01-01');
    const name = screen.getByLabelText('姓名');
    await userEvent.clear(name);
    await userEvent.type(name, 'Zhang');
    await userEvent.click(screen.getByRole('button', { name: '确认无误，下一步' }));
    expect(screen.getByText('请输入身份证上的中文姓名')).toBeTruthy();
    await userEvent.clear(name);
    await userEvent.type(name, '沙盒用戶');
    await userEvent.click(screen.getByRole('button', { name: '确认无误，下一步' }));
    await vi.waitFor(() => expect(router.current?.path).toBe('/mine/identity/face'));
    expect(api.request).toHaveBeenCalledWith('/v1/user/certification', { name: '沙盒用戶', address: '北京市东城区沙盒路1号' }, expect.anything());
  });

  it('says a refusal under the photo and keeps the next step closed', async () => {
    api.request.mockResolvedValue({ code: '400', subcode: '4612', msg: '请求参数错误', submsg: '请拍摄身份证原件，不支持复印件或翻拍照片' });
    await openPage();
    await userEvent.upload(screen.getAllByLabelText('拍照')[0]!, photo());
    expect((await screen.findByRole('alert')).textContent).toBe('请拍摄身份证原件，不支持复印件或翻拍照片');
    expect(screen.getAllByLabelText('重拍')).toHaveLength(1);
    expect(screen.getByRole('button', { name: '下一步' })).toHaveProperty('disabled', true);
  });

  it('says a photo’s failure once, under the photo: the upload and the reading ask the client to toast nothing', async () => {
    api.request.mockResolvedValue({ code: '400', subcode: '4612', msg: '请求参数错误', submsg: '请拍摄身份证原件，不支持复印件或翻拍照片' });
    await openPage();
    await userEvent.upload(screen.getAllByLabelText('拍照')[0]!, photo());
    await screen.findByRole('alert');
    expect(upload.uploadPhoto).toHaveBeenCalledWith(expect.anything(), 'idcard-portrait', expect.objectContaining({ inlineErrors: true }));
    expect(api.request).toHaveBeenCalledWith('/v1/user/idcard-ocr', expect.anything(), expect.objectContaining({ inlineErrors: true }));
    // A failed upload (the server down) is said there too, in the same words the client would have toasted.
    upload.uploadPhoto.mockRejectedValueOnce(new TransportError('http', '服务器繁忙，请稍后重试', 500));
    await userEvent.upload(screen.getAllByLabelText('重拍')[0]!, photo());
    expect((await screen.findByText('服务器繁忙，请稍后重试')).getAttribute('role')).toBe('alert');
  });

  it('says when another account holds the identity (4605)', async () => {
    api.request.mockImplementation(async (path: string, payload: { side?: string }) => {
      if (path === '/v1/user/idcard-ocr') return { code: '200', msg: '成功', data: payload.side === 'portrait' ? { ...PORTRAIT, warnings: [] } : EMBLEM };
      return { code: '409', subcode: '4605', msg: '请求冲突，请刷新后重试', submsg: '该身份证已在其他账号完成实名认证' };
    });
    await openPage();
    const [a, b] = screen.getAllByLabelText('拍照');
    await userEvent.upload(a!, photo());
    await userEvent.upload(b!, photo());
    await screen.findAllByText('已识别');
    await userEvent.click(screen.getByRole('button', { name: '下一步' }));
    await userEvent.click(screen.getByRole('button', { name: '确认无误，下一步' }));
    expect((await screen.findByRole('alert')).textContent).toBe('该身份证已在其他账号完成实名认证');
    expect(router.current?.path).toBe('/mine/identity/idcard');
  });

  it('after a reload at the check step, opens the check form with the readings the server kept', async () => {
    api.call.mockResolvedValue({ state: 'documents-read', portrait: { ...PORTRAIT, state: 'documents-read', warnings: [] }, emblem: EMBLEM });
    api.request.mockResolvedValue({ code: '200', msg: '成功', data: INFO });
    await openPage();
    expect(await screen.findByText('110101199003079905')).toBeTruthy();
    expect(api.call).toHaveBeenCalledWith('/v1/user/idcard-readings', {}, expect.objectContaining({ toastErrors: false }));
    expect(screen.getByLabelText('姓名')).toHaveProperty('value', '沙盒用户');
    expect(screen.getByText('签发机关').nextElementSibling?.textContent).toBe('北京市公安局东城分局');
    await userEvent.click(screen.getByRole('button', { name: '确认无误，下一步' }));
    await vi.waitFor(() => expect(router.current?.path).toBe('/mine/identity/face'));
    expect(api.request).toHaveBeenCalledWith('/v1/user/certification', { name: '沙盒用户', address: '北京市东城区沙盒路1号' }, expect.anything());
  });

  it('with one side kept, shows that side as read and asks for the other; then the check form has both', async () => {
    api.call.mockResolvedValue({ state: 'not-started', portrait: { ...PORTRAIT, warnings: [] }, emblem: null });
    api.request.mockResolvedValue({ code: '200', msg: '成功', data: EMBLEM });
    await openPage();
    // The readings arrive after the page shows.
    await screen.findByText('已上传并识别，如需更换请重拍');
    const portraitSide = screen.getByRole('region', { name: /身份证人像面/ });
    expect(within(portraitSide).getByText('已识别')).toBeTruthy();
    expect(within(portraitSide).getByText('已上传并识别，如需更换请重拍')).toBeTruthy();
    expect(within(portraitSide).getByLabelText('重拍')).toBeTruthy();
    const emblemSide = screen.getByRole('region', { name: /身份证国徽面/ });
    expect(within(emblemSide).queryByText('已识别')).toBeNull();
    expect(screen.getByRole('button', { name: '下一步' })).toHaveProperty('disabled', true);
    await userEvent.upload(within(emblemSide).getByLabelText('拍照'), photo());
    expect(await within(emblemSide).findByText('已识别')).toBeTruthy();
    expect(api.request).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: '下一步' }));
    expect(screen.getByLabelText('姓名')).toHaveProperty('value', '沙盒用户');
    expect(screen.getByText('签发机关').nextElementSibling?.textContent).toBe('北京市公安局东城分局');
    // 重新拍摄 from the check form: both sides still read, each ready to retake.
    await userEvent.click(screen.getByRole('button', { name: '重新拍摄' }));
    expect(screen.getAllByText('已识别')).toHaveLength(2);
    expect(screen.getByRole('button', { name: '下一步' })).toHaveProperty('disabled', false);
  });

  it('stays at the photos when the readings cannot be fetched', async () => {
    api.call.mockRejectedValue(new Error('offline'));
    await openPage();
    await vi.waitFor(() => expect(api.call).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(screen.getByRole('button', { name: '下一步' })).toHaveProperty('disabled', true);
  });
});
