// The sealed-part upload client (docs/protocol.md §14) against a mocked API client.
import { UPLOAD_PART_MAX_BYTES, fromBase64 } from '@tyd/protocol/wire';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiCodeError } from './api-errors';
import { uploadPhoto } from './photo-upload';

const api = vi.hoisted(() => ({ request: vi.fn() }));
vi.mock('./api-client', async () => (await import('../test/api-answers')).checkedClient(api));
const notify = vi.hoisted(() => ({ toast: vi.fn() }));
vi.mock('./notify', () => notify);

const UPLOAD_ID = '0b7c6f0e-4c1a-4f5e-9d2b-1a2b3c4d5e6f';
const ok = (data: unknown) => ({ code: '200', msg: '成功', data });

beforeEach(() => {
  api.request.mockReset();
  notify.toast.mockReset();
});

describe('uploadPhoto', () => {
  it('starts, sends the parts in order and finishes with the SHA-256 of the whole', async () => {
    const photo = new Uint8Array(UPLOAD_PART_MAX_BYTES + 10).map((_, i) => i % 251);
    const received: Uint8Array[] = [];
    api.request.mockImplementation(async (path: string, payload: { index?: number; bytes?: string; sha256?: string }) => {
      if (path === '/v1/upload/start') return ok({ uploadId: UPLOAD_ID, partMaxBytes: UPLOAD_PART_MAX_BYTES, expiresAt: 1 });
      if (path === '/v1/upload/part') {
        received.push(fromBase64(payload.bytes!));
        return ok({ nextIndex: payload.index! + 1, receivedBytes: received.reduce((n, b) => n + b.length, 0) });
      }
      return ok({ uploadId: UPLOAD_ID, purpose: 'idcard-portrait', contentType: 'image/jpeg', width: 1, height: 1, storedBytes: 1, expiresAt: 1 });
    });
    const progress: number[] = [];
    const done = await uploadPhoto(new Blob([photo]), 'idcard-portrait', { onProgress: (sent) => progress.push(sent) });
    expect(done.uploadId).toBe(UPLOAD_ID);
    expect(api.request.mock.calls[0]?.slice(0, 2)).toEqual(['/v1/upload/start', { purpose: 'idcard-portrait', size: photo.length }]);
    expect(received.map((b) => b.length)).toEqual([UPLOAD_PART_MAX_BYTES, 10]);
    expect(progress).toEqual([0, UPLOAD_PART_MAX_BYTES, photo.length]);
    const sha = Array.from(new Uint8Array(await crypto.subtle.digest('SHA-256', photo)), (b) => b.toString(16).padStart(2, '0')).join('');
    expect(api.request.mock.calls.at(-1)?.slice(0, 2)).toEqual(['/v1/upload/finish', { uploadId: UPLOAD_ID, sha256: sha }]);
  });

  it('continues at the index the server names after a lost answer (409/4407), quietly', async () => {
    const photo = new Uint8Array(2 * 1000);
    const indexes: number[] = [];
    api.request.mockImplementation(async (path: string, payload: { index?: number }) => {
      if (path === '/v1/upload/start') return ok({ uploadId: UPLOAD_ID, partMaxBytes: 1000, expiresAt: 1 });
      if (path === '/v1/upload/part') {
        indexes.push(payload.index!);
        if (indexes.length === 1) return { code: '409', subcode: '4407', msg: 'x', submsg: 'y', data: { nextIndex: 1 } };
        return ok({ nextIndex: payload.index! + 1, receivedBytes: 2000 });
      }
      return ok({ uploadId: UPLOAD_ID, purpose: 'face', contentType: 'image/jpeg', width: 1, height: 1, storedBytes: 1, expiresAt: 1 });
    });
    await uploadPhoto(new Blob([photo]), 'face');
    expect(indexes).toEqual([0, 1]);
    expect(notify.toast).not.toHaveBeenCalled();
  });

  it('rejects with the refusal, toasted once (SPEC §8)', async () => {
    api.request.mockImplementation(async (path: string) => {
      if (path === '/v1/upload/start') return ok({ uploadId: UPLOAD_ID, partMaxBytes: 1000, expiresAt: 1 });
      return { code: '400', subcode: '4403', msg: '请求参数错误', submsg: '暂不支持HEIC格式的照片，请上传JPG格式的照片' };
    });
    await expect(uploadPhoto(new Blob([new Uint8Array(10)]), 'face')).rejects.toBeInstanceOf(ApiCodeError);
    expect(notify.toast).toHaveBeenCalledWith('暂不支持HEIC格式的照片，请上传JPG格式的照片', 'fail');
  });

  it('with inlineErrors toasts nothing, a part refused included, and asks every call to toast nothing', async () => {
    api.request.mockImplementation(async (path: string) => {
      if (path === '/v1/upload/start') return ok({ uploadId: UPLOAD_ID, partMaxBytes: 1000, expiresAt: 1 });
      return { code: '400', subcode: '4403', msg: '请求参数错误', submsg: '暂不支持HEIC格式的照片，请上传JPG格式的照片' };
    });
    await expect(uploadPhoto(new Blob([new Uint8Array(10)]), 'idcard-portrait', { inlineErrors: true })).rejects.toBeInstanceOf(ApiCodeError);
    expect(notify.toast).not.toHaveBeenCalled();
    for (const [, , opts] of api.request.mock.calls) expect(opts).toMatchObject({ inlineErrors: true });
  });
});
