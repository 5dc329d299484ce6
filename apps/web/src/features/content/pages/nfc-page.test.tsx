// /nfc: brands from phone-brand-list, the chosen brand's models from phone-type-list, each with where its antenna is.
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { invalidateQuery } from '../../../lib/server-state';
import NfcPage from './nfc-page';

const api = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../../../lib/api-client', () => ({ call: api.call }));

beforeEach(() => {
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
});
