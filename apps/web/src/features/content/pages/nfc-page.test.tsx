// /nfc: brands from phone-brand-list, the chosen brand's models from phone-type-list, each with where its antenna is
// (a foldable folded and unfolded, nothing for a model without NFC), and the general tips for a phone not listed.
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { invalidateQuery } from '../../../lib/server-state';
import NfcPage from './nfc-page';

const api = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../../../lib/api-client', async () => (await import('../../../test/api-answers')).checkedClient(api));
const shell = vi.hoisted(() => ({ inApp: false, getNfcAntennaInfo: vi.fn() }));
vi.mock('../../../lib/env', async (importOriginal) => ({ ...(await importOriginal<object>()), useClientEnv: () => ({ inApp: shell.inApp }) }));
vi.mock('../../../lib/native-bridge', async (importOriginal) => ({ ...(await importOriginal<object>()), getNfcAntennaInfo: shell.getNfcAntennaInfo }));

beforeEach(() => {
  shell.inApp = false;
  shell.getNfcAntennaInfo.mockReset();
  api.call.mockReset().mockImplementation(async (path: string, payload: { brandId?: string }) => {
    if (path === '/v1/content/phone-brand-list') {
      return {
        brands: [
          { id: 'huawei', name: '华为', usualPosition: 'upper' },
          { id: 'apple', name: '苹果', usualPosition: 'top' },
          { id: 'samsung', name: '三星', usualPosition: 'center' },
        ],
      };
    }
    if (payload.brandId === 'huawei')
      return {
        brandId: 'huawei',
        models: [
          { id: 'mate', name: 'Mate 系列', position: 'upper', hint: '摄像头模组下方', hasNfc: true, foldableNote: null },
          { id: 'mate-x', name: 'Mate X 系列', position: 'upper', hint: '摄像头下方', hasNfc: true, foldableNote: '折叠屏：合上后贴在背面摄像头下方' },
        ],
      };
    if (payload.brandId === 'samsung')
      return {
        brandId: 'samsung',
        models: [{ id: 'galaxy-a', name: 'Galaxy A 系列', position: 'center', hint: '背面中部，部分机型无NFC', hasNfc: true, foldableNote: null }],
      };
    return {
      brandId: 'apple',
      models: [
        { id: 'new', name: 'iPhone XS 及之后', position: 'top', hint: '', hasNfc: true, foldableNote: null },
        { id: 'old', name: 'iPhone 6s 及之前', position: 'top', hint: '不支持读取身份证', hasNfc: false, foldableNote: null },
      ],
    };
  });
});
afterEach(() => {
  cleanup();
  invalidateQuery('phone-brand-list');
  invalidateQuery(['phone-type-list', 'huawei']);
  invalidateQuery(['phone-type-list', 'apple']);
  invalidateQuery(['phone-type-list', 'samsung']);
});

describe('/nfc', () => {
  it('shows the first brand’s models, then the chosen brand’s', async () => {
    render(<NfcPage />);
    expect((await screen.findByRole('radio', { name: '华为' })).getAttribute('aria-checked')).toBe('true');
    expect(await screen.findByText('背面上部，摄像头附近，摄像头模组下方')).toBeTruthy();
    expect(screen.getAllByRole('img', { name: 'NFC感应区在背面上部，摄像头附近' })).toHaveLength(1);
    await userEvent.click(screen.getByRole('radio', { name: '苹果' }));
    expect(await screen.findByText('iPhone XS 及之后')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'NFC感应区在背面顶部' })).toBeTruthy();
    expect(api.call).toHaveBeenCalledWith('/v1/content/phone-type-list', { brandId: 'apple' }, expect.anything());
  });

  it('says the position once when the table’s hint repeats it', async () => {
    render(<NfcPage />);
    await userEvent.click(await screen.findByRole('radio', { name: '三星' }));
    expect(await screen.findByText('背面中部，部分机型无NFC')).toBeTruthy();
  });

  it('draws a foldable folded and unfolded, with the table’s note', async () => {
    render(<NfcPage />);
    const row = (await screen.findByText('Mate X 系列')).closest('li')!;
    const drawing = within(row).getByRole('img', { name: '折叠屏NFC感应区：合上时在背面上部，摄像头附近；展开时在摄像头一侧机身的背面上部' });
    expect(within(drawing).getByText('合上')).toBeTruthy();
    expect(within(drawing).getByText('展开')).toBeTruthy();
    // Two backs side by side, the spot on each; not the one-back drawing of a bar phone.
    expect(drawing.querySelectorAll('ellipse')).toHaveLength(2);
    expect(within(row).queryByRole('img', { name: /^NFC感应区在/ })).toBeNull();
    expect(within(row).getByText('折叠屏：合上后贴在背面摄像头下方')).toBeTruthy();
  });

  it('says a model without NFC has none, with no spot to hold the card against', async () => {
    render(<NfcPage />);
    await userEvent.click(await screen.findByRole('radio', { name: '苹果' }));
    const row = (await screen.findByText('iPhone 6s 及之前')).closest('li')!;
    expect(within(row).getByText('该机型不支持NFC')).toBeTruthy();
    expect(within(row).getByText('不支持读取身份证；请使用拍照认证')).toBeTruthy();
    expect(within(row).queryAllByRole('img')).toHaveLength(0);
    expect(row.querySelector('ellipse')).toBeNull();
  });

  it('gives the general tips for a model not listed, or not known', async () => {
    render(<NfcPage />);
    const unlisted = await screen.findByRole('button', { name: '列表中没有我的机型 / 不清楚机型' });
    expect(unlisted.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('heading', { name: '通用查找方法' })).toBeNull();
    await userEvent.click(unlisted);
    expect(unlisted.getAttribute('aria-expanded')).toBe('true');
    const tips = screen.getByRole('region', { name: '通用查找方法' });
    expect(within(tips).getByRole('img', { name: '常见NFC感应区：多数手机在背面上部摄像头附近，部分手机在背面中部' })).toBeTruthy();
    expect(within(tips).getByText(/多数手机的感应区在背面上部、摄像头附近；部分手机在背面中部/)).toBeTruthy();
    expect(within(tips).getByText(/缓慢向下移动/)).toBeTruthy();
    expect(within(tips).getByText(/取下手机壳/)).toBeTruthy();
    // The list stays above them.
    expect(screen.getByText('Mate 系列')).toBeTruthy();
  });

  it('gives the general tips for a brand not listed, without asking for its models', async () => {
    render(<NfcPage />);
    await screen.findByText('Mate 系列');
    await userEvent.click(screen.getByRole('radio', { name: '其他品牌' }));
    expect(screen.getByRole('radio', { name: '其他品牌' }).getAttribute('aria-checked')).toBe('true');
    expect(within(screen.getByRole('region', { name: '通用查找方法' })).getByRole('img', { name: /^常见NFC感应区/ })).toBeTruthy();
    expect(screen.queryByRole('list', { name: '机型' })).toBeNull();
    expect(api.call.mock.calls.filter(([path]) => path === '/v1/content/phone-type-list')).toEqual([
      ['/v1/content/phone-type-list', { brandId: 'huawei' }, expect.anything()],
    ]);
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
