// The sandbox's age outcomes (docs/sandbox.md: a holder who turns 17 / 61 today) count "today" in China
// time: on a UTC evening the holder's birthday is already the next day's date.
import { ageOn } from '@tyd/protocol';
import { describe, expect, it } from 'vitest';
import { SANDBOX_OCR_HEIGHT } from '../sandbox-magic.js';
import { createSandboxOcrProvider } from './sandbox-ocr-provider.js';

const photo = (height: number) => ({ bytes: Buffer.from('sandbox photo'), contentType: 'image/jpeg' as const, width: 600, height });

describe('sandbox OCR ages', () => {
  it.each([
    ['17', SANDBOX_OCR_HEIGHT.age17, 17],
    ['61', SANDBOX_OCR_HEIGHT.age61, 61],
  ])('a holder turning %s today, China day after UTC 16:00', async (_, height, years) => {
    // 2026-03-01T16:30Z is 2026-03-02 00:30 in China.
    const now = Date.UTC(2026, 2, 1, 16, 30);
    const result = await createSandboxOcrProvider({ now: () => now }).recognizeIdCard(photo(height), 'portrait');
    if (result.outcome !== 'recognized' || result.side !== 'portrait') throw new Error(`unexpected ${result.outcome}`);
    expect(result.birthDate).toBe(`${2026 - years}-03-02`);
    expect(ageOn(result.birthDate, now)).toBe(years);
    expect(ageOn(result.birthDate, now - 3_600_000)).toBe(years - 1);
  });
});
