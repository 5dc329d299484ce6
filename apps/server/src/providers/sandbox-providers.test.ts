// Every magic value of docs/sandbox.md selects its outcome, and everything else takes the happy path.
import { isResidentIdNumber, residentIdCheckChar } from '@tyd/protocol';
import { describe, expect, it } from 'vitest';
import { createSandboxBankCardProvider } from './bank-card/sandbox-bank-card-provider.js';
import { SANDBOX_FACE_SESSION_MS, createSandboxFaceProvider } from './face/sandbox-face-provider.js';
import { createSandboxOcrProvider } from './ocr/sandbox-ocr-provider.js';
import { ProviderUnavailable } from './provider-error.js';

/** A valid ID number with the given sequence code (GB 11643-1999 check character computed). */
const idWithSequence = (sequence: string) => {
  const first17 = `11010119900307${sequence}`;
  return `${first17}${residentIdCheckChar(first17)}`;
};
/** A Luhn-valid 16-digit card number starting with `prefix`. */
const cardWith = (prefix: string) => {
  const body = prefix.padEnd(15, '3');
  for (let check = 0; check <= 9; check += 1) {
    const digits = `${body}${check}`;
    const sum = [...digits].reverse().reduce((acc, d, i) => acc + (i % 2 === 1 ? [0, 2, 4, 6, 8, 1, 3, 5, 7, 9][Number(d)]! : Number(d)), 0);
    if (sum % 10 === 0) return digits;
  }
  throw new Error('unreachable');
};
const photo = (width: number, height: number, seed = 'a') => ({ bytes: Buffer.from(seed), contentType: 'image/jpeg' as const, width, height });

describe('sandbox OCR', () => {
  const ocr = createSandboxOcrProvider();
  it('reads a different valid identity from each photo, never one with a magic sequence code', async () => {
    const numbers = new Set<string>();
    for (let i = 0; i < 200; i += 1) {
      const result = await ocr.recognizeIdCard(photo(1200, 800, `photo ${i}`), 'portrait');
      if (result.outcome !== 'recognized' || result.side !== 'portrait') throw new Error('expected a portrait');
      expect(isResidentIdNumber(result.idNumber), result.idNumber).toBe(true);
      expect(Number(result.idNumber.slice(14, 17))).toBeLessThan(900);
      expect(result.idNumber.slice(6, 14)).toBe(result.birthDate.replaceAll('-', ''));
      numbers.add(result.idNumber);
    }
    expect(numbers.size).toBeGreaterThan(190);
    expect(await ocr.recognizeIdCard(photo(1200, 800), 'emblem')).toMatchObject({ outcome: 'recognized', side: 'emblem', validTo: '2040-01-01' });
  });

  it('finds small photos unreadable and a 999 px wide one an outage', async () => {
    expect(await ocr.recognizeIdCard(photo(99, 800), 'portrait')).toEqual({ outcome: 'unreadable' });
    expect(await ocr.recognizeIdCard(photo(800, 99), 'emblem')).toEqual({ outcome: 'unreadable' });
    await expect(ocr.recognizeIdCard(photo(999, 800), 'portrait')).rejects.toBeInstanceOf(ProviderUnavailable);
  });
});

describe('sandbox face', () => {
  it('is pending until completed, then answers by the sequence code; expires after 30 minutes', async () => {
    let now = 1_000_000;
    const face = createSandboxFaceProvider({ now: () => now });
    const outcomes: Array<[string, unknown]> = [
      ['123', { outcome: 'passed', similarity: 96.5 }],
      ['990', { outcome: 'failed', reason: 'identity-mismatch' }],
      ['991', { outcome: 'failed', reason: 'face-mismatch' }],
      ['992', { outcome: 'failed', reason: 'liveness' }],
    ];
    for (const [sequence, expected] of outcomes) {
      const session = await face.createFaceSession({ name: '沙盒用户', idNumber: idWithSequence(sequence) }, '/back');
      expect(session.url).toBe(`/sandbox/face?session=${session.sessionId}`);
      expect(await face.getFaceResult(session.sessionId)).toEqual({ outcome: 'pending' });
      expect(face.complete(session.sessionId)).toBe('/back');
      expect(await face.getFaceResult(session.sessionId), sequence).toEqual(expected);
    }
    await expect(face.createFaceSession({ name: '沙盒用户', idNumber: idWithSequence('993') }, '/back')).rejects.toBeInstanceOf(ProviderUnavailable);
    const late = await face.createFaceSession({ name: '沙盒用户', idNumber: idWithSequence('123') }, '/back');
    now += SANDBOX_FACE_SESSION_MS;
    expect(face.complete(late.sessionId)).toBeUndefined();
    expect(await face.getFaceResult(late.sessionId)).toEqual({ outcome: 'failed', reason: 'expired' });
    expect(await face.getFaceResult('no-such-session')).toEqual({ outcome: 'failed', reason: 'expired' });
  });
});

describe('sandbox bank card', () => {
  const bank = createSandboxBankCardProvider();
  const elements = (overrides: Partial<{ idNumber: string; cardNumber: string; phone: string }>) => ({
    name: '沙盒用户',
    idNumber: idWithSequence('123'),
    cardNumber: cardWith('62220202'),
    phone: '13812345678',
    ...overrides,
  });

  it('selects each outcome by its magic value and verifies everything else', async () => {
    const cases: Array<[Parameters<typeof elements>[0], unknown]> = [
      [{}, { outcome: 'verified' }],
      [{ cardNumber: cardWith('62000000') }, { outcome: 'mismatch', field: 'holder' }],
      [{ cardNumber: cardWith('62000001') }, { outcome: 'unusable', reason: 'frozen' }],
      [{ cardNumber: cardWith('62000002') }, { outcome: 'unusable', reason: 'lost' }],
      [{ cardNumber: cardWith('62000003') }, { outcome: 'unusable', reason: 'expired' }],
      [{ cardNumber: cardWith('62000004') }, { outcome: 'unusable', reason: 'no-card-not-present' }],
      [{ cardNumber: `${cardWith('62220202').slice(0, 15)}${(Number(cardWith('62220202').at(-1)) + 1) % 10}` }, { outcome: 'mismatch', field: 'card-number' }],
      [{ phone: '13900000000' }, { outcome: 'mismatch', field: 'phone' }],
      [{ idNumber: idWithSequence('994') }, { outcome: 'mismatch', field: 'id-number' }],
      [{ idNumber: idWithSequence('990') }, { outcome: 'verified' }],
    ];
    for (const [overrides, expected] of cases) expect(await bank.verifyFourElements(elements(overrides)), JSON.stringify(overrides)).toEqual(expected);
    await expect(bank.verifyFourElements(elements({ cardNumber: cardWith('62000009') }))).rejects.toBeInstanceOf(ProviderUnavailable);
  });
});
