// The display modes the accessibility and care-mode specs look at every page in (docs/architecture.md
// "Design tokens and modes"), and opening a page until it has settled.
import type { Page } from 'playwright-core';
import { ROUTES } from '../../apps/web/src/app/route-table';
import { waitForApp } from './browser';
import { watchNetwork } from './network-quiet';

export interface Mode {
  name: string;
  care?: boolean;
  dark?: boolean;
}

export const MODES: readonly Mode[] = [
  { name: 'normal' },
  { name: 'care', care: true },
  { name: 'dark', dark: true },
  { name: 'dark-care', care: true, dark: true },
];

/** Stores 关怀模式 on as the settings switch does (apps/web/src/lib/display-settings.ts), before the page's first script. */
export const CARE_MODE_ON = `try { localStorage.setItem('careMode', '1'); } catch (error) {}`;

/** Every page a signed-in person reaches (login sends them on). */
export const LOGGED_IN_PATHS = ROUTES.filter((route) => route.path !== '/login').map((route) => route.path);

/** Opens `url` and waits until the app has taken over and stopped asking (no call in flight, nothing busy). */
export async function openSettled(page: Page, url: string): Promise<void> {
  const network = watchNetwork(page);
  try {
    await page.goto(url);
    await waitForApp(page);
    await network.quiet();
  } finally {
    network.stop();
  }
  await page
    .waitForFunction(() => document.querySelector('[aria-busy="true"]') === null, undefined, { timeout: 5_000 })
    .catch(() => {
      // A page may stay busy on purpose (a poll in progress): it is checked as it is.
    });
}
