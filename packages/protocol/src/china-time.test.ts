import { describe, expect, it } from 'vitest';
import { CHINA_OFFSET_MS, chinaDate, chinaDateTime, chinaDay, chinaDayEnd } from './china-time.js';

// China midnight of 2026-03-02 is 2026-03-01T16:00:00Z.
const MIDNIGHT = Date.UTC(2026, 2, 1, 16, 0);

describe('China time', () => {
  it('is UTC+8', () => {
    expect(CHINA_OFFSET_MS).toBe(8 * 60 * 60 * 1000);
  });

  it('starts a new day at China midnight, not UTC midnight', () => {
    expect(chinaDate(MIDNIGHT - 1)).toBe('2026-03-01');
    expect(chinaDate(MIDNIGHT)).toBe('2026-03-02');
    expect(chinaDay(MIDNIGHT) - chinaDay(MIDNIGHT - 1)).toBe(1);
    // UTC midnight of 2026-03-02 is 08:00 in China: still the same China day.
    expect(chinaDay(Date.UTC(2026, 2, 2)) - chinaDay(MIDNIGHT)).toBe(0);
    expect(chinaDay(MIDNIGHT + 86_400_000 - 1) - chinaDay(MIDNIGHT)).toBe(0);
  });

  it('ends each day at the next China midnight', () => {
    for (const at of [MIDNIGHT, MIDNIGHT + 1, MIDNIGHT + 43_200_000, MIDNIGHT + 86_400_000 - 1]) {
      expect(chinaDayEnd(chinaDay(at))).toBe(MIDNIGHT + 86_400_000);
    }
    expect(chinaDayEnd(chinaDay(MIDNIGHT - 1))).toBe(MIDNIGHT);
  });

  it('writes dates and times on the China wall clock (SPEC §3: hyphens)', () => {
    expect(chinaDateTime(Date.UTC(2026, 2, 1, 16, 30, 59))).toBe('2026-03-02 00:30');
    expect(chinaDateTime(MIDNIGHT - 1)).toBe('2026-03-01 23:59');
    // The same as Asia/Shanghai in the time zone database, over a spread of moments across years.
    const shanghai = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Asia/Shanghai',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    for (let at = Date.UTC(1995, 0, 1); at < Date.UTC(2040, 0, 1); at += 7_777_777_777) {
      const p = Object.fromEntries(shanghai.formatToParts(at).map((part) => [part.type, part.value]));
      expect(chinaDateTime(at)).toBe(`${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`);
      expect(chinaDate(at)).toBe(`${p.year}-${p.month}-${p.day}`);
    }
  });
});
