// Layout checks every journey makes on the pages it visits: a phone never scrolls sideways, and every
// link and button is a 44 px target (WCAG 2.5.5 target size).
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { saveScreenshot } from './browser';

/** The phone widths every page is looked at: a small Android, the common iPhone, a large phone. */
export const PHONE_WIDTHS = [320, 375, 414] as const;

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

/**
 * Saves `<name>-<width>.png` at each of PHONE_WIDTHS (812 px tall), checking at each that the page fits
 * the phone, and returns to 375 px. `target`: scrolled to the top of the screen first (a section below
 * the fold).
 */
export async function screenshotsAtWidths(page: Page, name: string, target?: Locator): Promise<void> {
  for (const width of PHONE_WIDTHS) {
    await page.setViewportSize({ width, height: 812 });
    // The layout for the new width lands in the next frames: a picture taken sooner shows the old one.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    if (target) await target.evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await saveScreenshot(page, `${name}-${width}`);
    await expectFitsThePhone(page, width);
  }
  await page.setViewportSize({ width: 375, height: 812 });
}

/**
 * How many lines each element `locator` matches sets its text on, as laid out: a button's label or a name
 * broken over two lines (确认 / 注销) reads as two words.
 */
export async function textLines(locator: Locator): Promise<number[]> {
  return locator.evaluateAll((elements) =>
    elements.map((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      const tops = Array.from(range.getClientRects())
        .filter((rect) => rect.width > 0)
        .map((rect) => Math.round(rect.top));
      // A line's fragments (text beside an icon, a nested span) share a top within a few pixels.
      return tops.sort((x, y) => x - y).filter((top, i, all) => i === 0 || top - all[i - 1]! > 4).length;
    }),
  );
}
