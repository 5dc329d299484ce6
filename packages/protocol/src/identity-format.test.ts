import { describe, expect, it } from 'vitest';
import { maskIdNumber, maskName } from './format.js';
import { ageOn, residentIdBirthDate } from './validate.js';

describe('maskIdNumber', () => {
  it('keeps the first 3 and last 4 characters only', () => {
    expect(maskIdNumber('110101199003079905')).toBe('110***********9905');
    expect(maskIdNumber('11010119900307123X')).toBe('110***********123X');
    expect(maskIdNumber('110101900307123')).toBe('110********7123');
    for (const bad of ['', '11010119900307123x', '1101011990030799', '110101 99003079905']) expect(maskIdNumber(bad), bad).toBe('');
    expect(() => maskIdNumber(110101 as never)).toThrow(/^idNumber:/);
  });
});

describe('maskName', () => {
  it('keeps the first and last character (张*三)', () => {
    expect(maskName('张小三')).toBe('张*三');
    expect(maskName('张三')).toBe('张*');
    expect(maskName('欧阳小三')).toBe('欧**三');
    expect(maskName('阿卜杜·热合曼')).toBe('阿*****曼');
    expect(maskName('𠀋三丰')).toBe('𠀋*丰');
    expect(maskName('张')).toBe('*');
    expect(maskName('')).toBe('');
  });
});

describe('residentIdBirthDate and ageOn', () => {
  it('reads the birth date inside the number', () => {
    expect(residentIdBirthDate('110101199003079905')).toBe('1990-03-07');
    expect(residentIdBirthDate('1101011990030799')).toBe('');
    expect(residentIdBirthDate(null)).toBe('');
  });

  it('counts full years in China time, from the birthday itself', () => {
    // 2026-03-06 16:00 UTC is 2026-03-07 00:00 in Beijing: the 36th birthday has begun there.
    expect(ageOn('1990-03-07', Date.UTC(2026, 2, 6, 15, 59))).toBe(35);
    expect(ageOn('1990-03-07', Date.UTC(2026, 2, 6, 16, 0))).toBe(36);
    expect(ageOn('2008-02-29', Date.UTC(2026, 1, 27, 16, 0))).toBe(17);
    expect(ageOn('2008-02-29', Date.UTC(2026, 1, 28, 16, 0))).toBe(18);
    expect(() => ageOn('1990/03/07', 0)).toThrow(/^birthDate:/);
  });
});
