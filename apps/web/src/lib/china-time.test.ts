import { describe, expect, it } from 'vitest';
import { chinaDay, formatDateTime, formatDay } from './china-time';

describe('China time', () => {
  it('writes days and times in Asia/Shanghai', () => {
    // 2026-03-01T16:30:00Z is 2026-03-02 00:30 in Asia/Shanghai.
    const at = Date.UTC(2026, 2, 1, 16, 30);
    expect(formatDay(at)).toBe('2026-03-02');
    expect(formatDateTime(at)).toBe('2026-03-02 00:30');
  });

  it('counts China calendar days: China midnight starts a new one', () => {
    const midnight = Date.UTC(2026, 2, 1, 16, 0);
    expect(chinaDay(midnight) - chinaDay(midnight - 1)).toBe(1);
    expect(chinaDay(midnight + 23 * 3_600_000) - chinaDay(midnight)).toBe(0);
  });
});
