// /nfc: brands from phone-brand-list, the chosen brand's models from phone-type-list, each with where its antenna is.
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { invalidateQuery } from '../../../lib/server-state';
import NfcPage from './nfc-page';

const api = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../../../lib/api-client', () => ({ call: api.call }));
const shell = vi.hoisted(() => ({ inApp: false, getNfcAntennaInfo: vi.fn() }));
vi.mock('../../../lib/env', async (importOriginal) => ({ ...(await importOriginal<object>()), useClientEnv: () => ({ inApp: shell.inApp }) }));
vi.mock('../../../lib/native-bridge', async (importOriginal) => ({ ...(await importOriginal<object>()), getNfcAntennaInfo: shell.getNfcAntennaInfo }));

beforeEach(() => {
  shell.inApp = false;
  shell.getNfcAntennaInfo.mockReset();
  api.call.mockReset().mockImplementation(async (path: string, payload: { brandId?: string }) => {
    if (path === '/v1/content/phone-brand-list') return { brands: [{ id: 'huawei', name: '华为', usualPosition: 'upper' }, { id: 'apple', name: '苹果', usualPosition: 'top' }] };
    if (payload.brandId === 'huawei') return { brandId: 'huawei', models: [{ id: 'mate', name: 'Mate 系列', position: 'upper', hint: '摄像头模组下方', hasNfc: true, foldableNote: null }, { id: 'mate-x', name: 'Mate X 系列', position: 'upper', hint: '摄像头下方', hasNfc: true, foldableNote: '折叠屏：合上后贴在背面摄像头下方' }] };
    return { brandId: 'apple', models: [{ id: 'old', name: 'iPhone 6s 及之前', position: 'top', hint: '不支持', hasNfc: false, foldableNote: null }] };
  });
});
afterEach(() => {
  cleanup();
  invalidateQuery('phone-brand-list');
  invalidateQuery(['phone-type-list', 'huawei']);
  invalidateQuery(['phone-type-list', 'apple']);
});

describe('/nfc', () => {
  it('shows the first brand’s models, then the chosen brand’s', async () => {
    render(<NfcPage />);
    expect((await screen.findByRole('radio', { name: '华为' })).getAttribute('aria-checked')).toBe('true');
    expect(await screen.findByText('背面上部，摄像头附近，摄像头模组下方')).toBeTruthy();
    expect(screen.getAllByRole('img', { name: 'NFC感应区在背面上部，摄像头附近' })).toHaveLength(2);
    expect(screen.getByText('折叠屏：合上后贴在背面摄像头下方')).toBeTruthy();
    await userEvent.click(screen.getByRole('radio', { name: '苹果' }));
    expect(await screen.findByText('该机型不支持NFC，请使用拍照认证')).toBeTruthy();
    expect(api.call).toHaveBeenCalledWith('/v1/content/phone-type-list', { brandId: 'apple' }, expect.anything());
  });

  it('inside the app draws the spot the shell reports, with the table behind a button', async () => {
    shell.inApp = true;
    shell.getNfcAntennaInfo.mockResolvedValue({ deviceWidth: 72, deviceHeight: 152, deviceFoldable: true, antennas: [{ locationX: 50, locationY: 30 }] });
    render(<NfcPage />);
    // x 50 of 72 from the left facing the screen is left of centre on the back.
    expect(await screen.findByRole('img', { name: '本机NFC感应区在背面上部（偏左，距顶部约30毫米）' })).toBeTruthy();
    expect(screen.getByText('折叠屏手机：位置按完全展开时标出')).toBeTruthy();
    expect(screen.queryByRole('radiogroup', { name: '手机品牌' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: '查看其他机型的感应区位置' }));
    expect(await screen.findByRole('radio', { name: '华为' })).toBeTruthy();
  });

  it.each([
    ['the shell does not know the method', () => shell.getNfcAntennaInfo.mockRejectedValue(new Error('unknown method getNfcAntennaInfo'))],
    ['the phone has no antenna info', () => shell.getNfcAntennaInfo.mockResolvedValue(null)],
  ])('inside the app falls back to the table when %s', async (_case, arrange) => {
    shell.inApp = true;
    arrange();
    render(<NfcPage />);
    expect(await screen.findByRole('radio', { name: '华为' })).toBeTruthy();
    expect(screen.queryByText('正在读取本机NFC感应区…')).toBeNull();
    expect(screen.queryByRole('img', { name: /^本机NFC感应区/ })).toBeNull();
    expect(shell.getNfcAntennaInfo).toHaveBeenCalledTimes(1);
  });

  it('in a browser does not ask the bridge', async () => {
    render(<NfcPage />);
    expect(await screen.findByRole('radio', { name: '华为' })).toBeTruthy();
    expect(shell.getNfcAntennaInfo).not.toHaveBeenCalled();
  });
});
