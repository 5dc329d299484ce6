// The sandbox OCR (docs/sandbox.md): nothing leaves the machine. A photo under 100 px a side is
// unreadable, a photo exactly 999 px wide is an outage; any other photo "shows" a test identity derived
// from the photo's SHA-256, so different photos give different (valid, GB 11643-1999) ID numbers whose
// sequence code stays below 900 and never selects another sandbox outcome. The photo's height selects the
// refusals and warnings of identity certification (SANDBOX_OCR_HEIGHT): a copy, a screen, a temporary
// card, the other side, an expired card, quality warnings, an age outside the limits (17 or 61 today, by
// the server's clock), a birth date that differs from the number's, a wrong check character, a long-term
// card, and heights 990-994 give that sequence code (990-993 the face outcomes, 994 the bank's id-number mismatch).
import { createHash } from 'node:crypto';
import { DAY_MS, chinaDate, residentIdCheckChar } from '@tyd/protocol';
import { ProviderUnavailable } from '../provider-error.js';
import { SANDBOX_OCR_HEIGHT, SANDBOX_OCR_MIN_SIDE, SANDBOX_OCR_SEQUENCE_HEIGHTS, SANDBOX_OCR_UNAVAILABLE_WIDTH } from '../sandbox-magic.js';
import type { OcrProvider, OcrWarning } from './ocr-provider.js';

const BIRTH_FROM = Date.UTC(1970, 0, 1);

const WARNING_HEIGHTS: ReadonlyMap<number, OcrWarning> = new Map([
  [SANDBOX_OCR_HEIGHT.photocopy, 'photocopy'],
  [SANDBOX_OCR_HEIGHT.screenReshoot, 'screen-reshoot'],
  [SANDBOX_OCR_HEIGHT.temporary, 'temporary'],
  [SANDBOX_OCR_HEIGHT.wrongSide, 'wrong-side'],
  [SANDBOX_OCR_HEIGHT.cropped, 'cropped'],
  [SANDBOX_OCR_HEIGHT.blurred, 'blurred'],
  [SANDBOX_OCR_HEIGHT.glare, 'glare'],
  [SANDBOX_OCR_HEIGHT.occluded, 'occluded'],
]);

/** Today `years` years ago in China time (29 February becomes 1 March in a common year). */
function yearsAgo(now: number, years: number): string {
  const [year, month, day] = chinaDate(now).split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year - years, month - 1, day)).toISOString().slice(0, 10);
}

export function createSandboxOcrProvider(opts: { now?: () => number } = {}): OcrProvider {
  const now = opts.now ?? Date.now;
  return {
    name: 'sandbox',
    async recognizeIdCard(image, side) {
      if (image.width === SANDBOX_OCR_UNAVAILABLE_WIDTH) throw new ProviderUnavailable('ocr', 'vendor-error', 'sandbox outage (width 999)');
      if (image.width < SANDBOX_OCR_MIN_SIDE || image.height < SANDBOX_OCR_MIN_SIDE) return { outcome: 'unreadable' };
      const warning = WARNING_HEIGHTS.get(image.height);
      const warnings = warning ? { warnings: [warning] } : {};
      if (side === 'emblem') {
        if (image.height === SANDBOX_OCR_HEIGHT.expired)
          return { outcome: 'recognized', side, authority: '北京市公安局东城分局', validFrom: '2010-01-01', validTo: '2020-01-01', ...warnings };
        const validTo = image.height === SANDBOX_OCR_HEIGHT.longTerm ? 'long-term' : '2040-01-01';
        return { outcome: 'recognized', side, authority: '北京市公安局东城分局', validFrom: '2020-01-01', validTo, ...warnings };
      }
      const hash = createHash('sha256').update(image.bytes).digest();
      const birth =
        image.height === SANDBOX_OCR_HEIGHT.age17
          ? yearsAgo(now(), 17)
          : image.height === SANDBOX_OCR_HEIGHT.age61
            ? yearsAgo(now(), 61)
            : new Date(BIRTH_FROM + (hash.readUInt32BE(0) % 12_000) * DAY_MS).toISOString().slice(0, 10);
      const magicSequence = (SANDBOX_OCR_SEQUENCE_HEIGHTS as readonly number[]).includes(image.height);
      const sequence = magicSequence ? String(image.height) : String(hash.readUInt16BE(4) % 900).padStart(3, '0');
      const first17 = `110101${birth.replaceAll('-', '')}${sequence}`;
      const check = residentIdCheckChar(first17);
      // A misread check character: any other one than the right one.
      const idNumber = `${first17}${image.height === SANDBOX_OCR_HEIGHT.badCheckCharacter ? (check === '0' ? '1' : '0') : check}`;
      const printedBirth = image.height === SANDBOX_OCR_HEIGHT.birthDateMismatch ? new Date(Date.parse(birth) + DAY_MS).toISOString().slice(0, 10) : birth;
      return {
        outcome: 'recognized',
        side,
        name: '沙盒用户',
        // GB 11643-1999 §5.3: an odd sequence code is a man.
        sex: Number(sequence) % 2 === 1 ? '男' : '女',
        ethnicity: '汉',
        birthDate: printedBirth,
        address: '北京市东城区沙盒路1号',
        idNumber,
        ...warnings,
      };
    },
  };
}
