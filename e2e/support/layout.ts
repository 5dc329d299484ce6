// Layout checks every journey makes on the pages it visits: a phone never scrolls sideways, and every
// link and button is a 44 px target (WCAG 2.5.5 target size).
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** Fails when anything is wider than the viewport (`width`, default the 375 px of newMobileContext). */
export async function expectNoHorizontalOverflow(page: Page, width = 375): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

/** Every visible link and button is at least 44x44 px. */
export async function expectTouchTargets(page: Page): Promise<void> {
  const small = await page.evaluate(() =>
    Array.from(document.querySelectorAll('a, button'))
      .map((el) => ({ text: el.textContent?.trim() ?? '', rect: el.getBoundingClientRect() }))
      .filter(({ rect }) => rect.width > 0 && (rect.width < 44 || rect.height < 44))
      .map(({ text, rect }) => `${text} ${Math.round(rect.width)}x${Math.round(rect.height)}`),
  );
  expect(small).toEqual([]);
}

/** Both: the page fits a phone `width` px wide. */
export async function expectFitsThePhone(page: Page, width = 375): Promise<void> {
  await expectNoHorizontalOverflow(page, width);
  await expectTouchTargets(page);
}
