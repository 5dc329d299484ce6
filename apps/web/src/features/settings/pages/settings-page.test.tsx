import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import SettingsPage from './settings-page';

afterEach(() => {
  cleanup();
  localStorage.clear();
  document.documentElement.className = '';
  delete (window as { tydDisplaySettings?: unknown }).tydDisplaySettings;
});

const root = () => document.documentElement.classList;

describe('/mine/settings 深色模式', () => {
  it('offers 跟随系统, 浅色 and 深色; a choice applies at once and is kept on this device', async () => {
    render(<SettingsPage />);
    const group = screen.getByRole('radiogroup', { name: '深色模式' });
    expect(screen.getByRole('radio', { name: '跟随系统' }).getAttribute('aria-checked')).toBe('true');
    await userEvent.click(screen.getByRole('radio', { name: '深色' }));
    expect(root().contains('theme-dark')).toBe(true);
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(screen.getByRole('radio', { name: '深色' }).getAttribute('aria-checked')).toBe('true');
    await userEvent.click(screen.getByRole('radio', { name: '浅色' }));
    expect([root().contains('theme-light'), root().contains('theme-dark')]).toEqual([true, false]);
    await userEvent.click(screen.getByRole('radio', { name: '跟随系统' }));
    expect([root().contains('theme-light'), root().contains('theme-dark')]).toEqual([false, false]);
    expect(localStorage.getItem('theme')).toBeNull();
    expect(group.querySelectorAll('[aria-checked="true"]')).toHaveLength(1);
  });

  it('inside the app, 跟随系统 goes back to the app’s own theme', async () => {
    (window as { tydDisplaySettings?: unknown }).tydDisplaySettings = { theme: 'dark' };
    render(<SettingsPage />);
    await userEvent.click(screen.getByRole('radio', { name: '浅色' }));
    expect(root().contains('theme-light')).toBe(true);
    await userEvent.click(screen.getByRole('radio', { name: '跟随系统' }));
    expect([root().contains('theme-light'), root().contains('theme-dark')]).toEqual([false, true]);
  });

  it('says text size follows the phone, and offers no switch that is not there', () => {
    render(<SettingsPage />);
    expect(screen.getByRole('region', { name: '文字大小' }).textContent).toContain('跟随手机的字体大小设置');
  });
});
