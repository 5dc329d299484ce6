// Redeem codes as typed (docs/api.md "Redeem codes"): case, spaces and hyphens do not matter, look-alikes
// read as Crockford's base32 says, and anything else is not a code.
import { describe, expect, it } from 'vitest';
import { CROCKFORD_ALPHABET } from './crockford.js';
import { groupRedeemCode, normaliseRedeemCode } from './redeem-codes.js';

describe('normaliseRedeemCode', () => {
  it('reads the grouped, lower-case and spaced forms as the same code', () => {
    for (const typed of ['7K3M-9QX2-ABCD-EFGH', '7k3m9qx2abcdefgh', ' 7K3M 9QX2  ABCD-EFGH ', '7k3m-9qx2-abcd-efgh\n']) {
      expect(normaliseRedeemCode(typed), typed).toBe('7K3M9QX2ABCDEFGH');
    }
  });

  it('reads I and L as 1 and O as 0', () => {
    expect(normaliseRedeemCode('IL0O-1111-2222-3333')).toBe('1100111122223333');
    expect(normaliseRedeemCode('il0o-1111-2222-3333')).toBe('1100111122223333');
  });

  it('refuses wrong lengths, U, other characters and oversized input', () => {
    for (const typed of [
      '',
      '7K3M-9QX2-ABCD-EFG',
      '7K3M-9QX2-ABCD-EFGHJ',
      'UUUU-9QX2-ABCD-EFGH',
      '7K3M_9QX2_ABCD_EFGH',
      '７K3M-9QX2-ABCD-EFGH',
      `7K3M-9QX2-ABCD-EFGH${' '.repeat(30)}`,
    ]) {
      expect(normaliseRedeemCode(typed), JSON.stringify(typed)).toBeNull();
    }
  });

  it('has 32 symbols without I, L, O and U', () => {
    expect(new Set(CROCKFORD_ALPHABET).size).toBe(32);
    expect(CROCKFORD_ALPHABET).not.toMatch(/[ILOU]/);
  });
});

describe('groupRedeemCode', () => {
  it('groups what was typed so far in fours, dropping what can never be in a code', () => {
    expect(groupRedeemCode('')).toBe('');
    expect(groupRedeemCode('7k3')).toBe('7K3');
    expect(groupRedeemCode('7k3m')).toBe('7K3M');
    expect(groupRedeemCode('7k3m9')).toBe('7K3M-9');
    expect(groupRedeemCode('7K3M-9QX2-ABCD-EFGH-XYZ')).toBe('7K3M-9QX2-ABCD-EFGH');
    expect(groupRedeemCode('7u*k o3')).toBe('7K03');
  });
});
