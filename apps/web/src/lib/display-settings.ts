// 关怀模式 (care mode) on this device: the `care` class on <html>, which index.html's head script sets
// before first paint from what is stored here (or from the app shell's setting, docs/bridge.md "Display
// settings"), and which switches the design tokens of styles/base.css. A class outside #root, so the
// prerendered markup and hydration are the same in either mode; components that must say which mode is
// on read it after hydration (useCareMode).
import { useSyncExternalStore } from 'react';
import { local } from './storage';

/** '1' on, '0' off (chosen here, over the shell's setting); absent: the shell's setting, else off. */
export const CARE_MODE_KEY = 'careMode';
export const CARE_CLASS = 'care';

const listeners = new Set<() => void>();

export function isCareMode(): boolean {
  return document.documentElement.classList.contains(CARE_CLASS);
}

/** Switches care mode now and for this device's next visits. */
export function setCareMode(on: boolean): void {
  local.set(CARE_MODE_KEY, on ? '1' : '0');
  document.documentElement.classList.toggle(CARE_CLASS, on);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether care mode is on; false in the prerender and while hydrating (lib/hydration.ts), then the truth. */
export function useCareMode(): boolean {
  return useSyncExternalStore(subscribe, isCareMode, () => false);
}

/**
 * 深色模式 on this device (设置): 'light' or 'dark' chosen here, over the app shell's theme and the system's;
 * 'system' (or nothing stored): the shell's theme inside the app, else the system's. Applied as the
 * `theme-light` / `theme-dark` class on <html> (styles/base.css), which index.html's head script sets
 * before first paint from the same key.
 */
export type ThemeChoice = 'system' | 'light' | 'dark';
export const THEME_KEY = 'theme';

const themeListeners = new Set<() => void>();

export function themeChoice(): ThemeChoice {
  const stored = local.get(THEME_KEY);
  return stored === 'light' || stored === 'dark' ? stored : 'system';
}

/** The shell's own theme (docs/bridge.md "Display settings"), if it said one at document start. */
function shellTheme(): 'light' | 'dark' | null {
  const theme = (window as { tydDisplaySettings?: { theme?: unknown } }).tydDisplaySettings?.theme;
  return theme === 'light' || theme === 'dark' ? theme : null;
}

/** Switches the theme now and for this device's next visits. */
export function setThemeChoice(choice: ThemeChoice): void {
  if (choice === 'system') local.remove(THEME_KEY);
  else local.set(THEME_KEY, choice);
  const applied = choice === 'system' ? shellTheme() : choice;
  const root = document.documentElement;
  root.classList.toggle('theme-light', applied === 'light');
  root.classList.toggle('theme-dark', applied === 'dark');
  for (const listener of themeListeners) listener();
}

/** The stored choice; 'system' in the prerender and while hydrating (lib/hydration.ts), then the truth. */
export function useThemeChoice(): ThemeChoice {
  return useSyncExternalStore(
    (listener) => {
      themeListeners.add(listener);
      return () => themeListeners.delete(listener);
    },
    themeChoice,
    () => 'system',
  );
}
