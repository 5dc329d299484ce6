import { describe, expect, it } from 'vitest';
import { formatMoney, maskPhone } from './format.js';
import { isResidentIdNumber, residentIdCheckChar } from './validate.js';

// The vectors (vectors/formats.json, validators.json) pin exact cases; these check properties over many inputs.
describe('formatMoney over whole cents', () => {
  it('matches integer-cent arithmetic for a spread of amounts, both signs', () => {
    const group = (digits: string) => digits.replace(/\B(?=(\d{3})+$)/g, ',');
    for (let i = 0; i < 2000; i++) {
      const cents = Math.floor(((i * 7919) % 1000003) * 1013.7) + i;
      const expected = `${group(String(Math.floor(cents / 100)))}.${String(cents % 100).padStart(2, '0')}`;
      expect(formatMoney(cents / 100)).toBe(expected);
      expect(formatMoney(-cents / 100)).toBe(cents === 0 ? expected : `-${expected}`);
      expect(formatMoney(String(cents / 100))).toBe(expected);
    }
  });
});

describe('maskPhone', () => {
  it('never shows digits 4 to 7', () => {
    for (let i = 0; i < 100; i++) {
      const phone = `1${String(3000000000 + i * 12345679).padStart(10, '0')}`.slice(0, 11);
      const masked = maskPhone(phone);
      expect(masked).toBe(`${phone.slice(0, 3)}****${phone.slice(7)}`);
    }
  });
});

describe('resident ID check character', () => {
  it('accepts exactly one of the 11 possible check characters', () => {
    const first17 = '11010519491231002';
    const accepted = [...'0123456789X'].filter((c) => isResidentIdNumber(first17 + c, Date.UTC(2026, 0, 1)));
    expect(accepted).toEqual([residentIdCheckChar(first17)]);
    expect(residentIdCheckChar('1101051949123100')).toBe('');
  });

  it('needs a finite now', () => {
    expect(() => isResidentIdNumber('11010519491231002X', NaN)).toThrow(/^now:/);
  });
});
