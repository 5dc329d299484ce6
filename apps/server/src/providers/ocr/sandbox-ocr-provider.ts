// The sandbox OCR (docs/sandbox.md): nothing leaves the machine. A photo under 100 px a side is
// unreadable, a photo exactly 999 px wide is an outage; any other photo "shows" a test identity derived
// from the photo's SHA-256, so different photos give different (valid, GB 11643-1999) ID numbers whose
// sequence code stays below 900 and never selects another sandbox outcome.
import { createHash } from 'node:crypto';
import { residentIdCheckChar } from '@tyd/protocol';
import { ProviderUnavailable } from '../provider-error.js';
import { SANDBOX_OCR_MIN_SIDE, SANDBOX_OCR_UNAVAILABLE_WIDTH } from '../sandbox-magic.js';
import type { OcrProvider } from './ocr-provider.js';

const DAY_MS = 86_400_000;
const BIRTH_FROM = Date.UTC(1970, 0, 1);

export function createSandboxOcrProvider(): OcrProvider {
  return {
    name: 'sandbox',
    async recognizeIdCard(image, side) {
      if (image.width === SANDBOX_OCR_UNAVAILABLE_WIDTH) throw new ProviderUnavailable('ocr', 'vendor-error', 'sandbox outage (width 999)');
      if (image.width < SANDBOX_OCR_MIN_SIDE || image.height < SANDBOX_OCR_MIN_SIDE) return { outcome: 'unreadable' };
      if (side === 'emblem') return { outcome: 'recognized', side, authority: '北京市公安局东城分局', validFrom: '2020-01-01', validTo: '2040-01-01' };
      const hash = createHash('sha256').update(image.bytes).digest();
      const birth = new Date(BIRTH_FROM + (hash.readUInt32BE(0) % 12_000) * DAY_MS).toISOString().slice(0, 10);
      const sequence = String(hash.readUInt16BE(4) % 900).padStart(3, '0');
      const first17 = `110101${birth.replaceAll('-', '')}${sequence}`;
      return {
        outcome: 'recognized',
        side,
        name: '沙盒用户',
        // GB 11643-1999 §5.3: an odd sequence code is a man.
        sex: Number(sequence) % 2 === 1 ? '男' : '女',
        ethnicity: '汉',
        birthDate: birth,
        address: '北京市东城区沙盒路1号',
        idNumber: `${first17}${residentIdCheckChar(first17)}`,
      };
    },
  };
}
