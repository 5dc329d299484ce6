// OCR over Tencent Cloud's IDCardOCR (service ocr, version 2018-11-19; cloud.tencent.com/document/api/866/33524):
// {ImageBase64, CardSide: FRONT|BACK} -> Name, Sex, Nation, Birth ("1990/3/7"), Address, IdNum on the
// portrait side; Authority, ValidDate ("2010.07.21-2020.07.21" or "...-长期") on the emblem side. A photo
// of the other side than CardSide names is refused by the vendor, without fields, with
// FailedOperation.CardSideError "身份证CardSide类型错误" (cloud.tencent.com/api/error-center?product=ocr; listed
// among IDCardOCR's error codes in the vendor's SDKs): that is "wrong-side". The FailedOperation codes
// about the photo (PHOTO_FAILURES: no card, blurred, cannot decode...) are "unreadable", a new photo can
// help; every other code (service not opened, arrears, the daily count, an engine timeout, a download
// failure, an unknown error) is the vendor's trouble, not the photo's: the provider is unavailable, as
// asking the user to take another photo would not help. A number that fails its GB 11643-1999
// check character is treated as misread, never passed on. The vendor's warnings are asked for (Config)
// and read from AdvancedInfo.WarnInfos: -9102/-9108 photocopy, -9106 a doctored photo (refused like a
// copy: no original), -9103 a picture of a screen, -9104 a temporary card, -9101 cropped edges, -9105
// something covering the card, -9107 glare; a Quality score under 50 is blurred.
import { isResidentIdNumber } from '@tyd/protocol';
import { ProviderUnavailable } from '../provider-error.js';
import { stringField, VendorError, type TencentCloudClient } from '../tencent-cloud/tencent-cloud-client.js';
import type { IdCardOcrResult, OcrProvider, OcrWarning } from './ocr-provider.js';

/** IDCardOCR's FailedOperation codes that mean the photo could not be read (the error center's list). */
const PHOTO_FAILURES: ReadonlySet<string> = new Set([
  'FailedOperation.EmptyImageError',
  'FailedOperation.IdCardInfoIllegal',
  'FailedOperation.ImageBlur',
  'FailedOperation.ImageDecodeFailed',
  'FailedOperation.ImageNoIdCard',
  'FailedOperation.ImageSizeTooLarge',
  'FailedOperation.MultiCardError',
  'FailedOperation.OcrFailed',
]);

const WARNING_CONFIG = JSON.stringify({
  CopyWarn: true,
  BorderCheckWarn: true,
  ReshootWarn: true,
  DetectPsWarn: true,
  TempIdWarn: true,
  Quality: true,
  ReflectWarn: true,
});
const WARN_CODES: ReadonlyMap<number, OcrWarning> = new Map([
  [-9101, 'cropped'],
  [-9102, 'photocopy'],
  [-9103, 'screen-reshoot'],
  [-9104, 'temporary'],
  [-9105, 'occluded'],
  [-9106, 'photocopy'],
  [-9107, 'glare'],
  [-9108, 'photocopy'],
]);
/** The vendor's advice: a Quality score below this is a blurred photo. */
const MIN_QUALITY = 50;

/** Warnings from AdvancedInfo (a JSON string); an unreadable AdvancedInfo carries none. */
function warningsOf(answer: Record<string, unknown>): { warnings?: OcrWarning[] } {
  let info: { WarnInfos?: unknown; Quality?: unknown };
  try {
    info = typeof answer.AdvancedInfo === 'string' ? (JSON.parse(answer.AdvancedInfo) as typeof info) : {};
  } catch {
    return {};
  }
  const found = new Set<OcrWarning>();
  if (Array.isArray(info.WarnInfos)) for (const code of info.WarnInfos) if (typeof code === 'number' && WARN_CODES.has(code)) found.add(WARN_CODES.get(code)!);
  if (typeof info.Quality === 'number' && info.Quality < MIN_QUALITY) found.add('blurred');
  return found.size > 0 ? { warnings: [...found] } : {};
}

const isoDate = (year: string, month: string, day: string) => `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;

function parseDate(text: string, separator: '/' | '.'): string | undefined {
  const parts = text.split(separator);
  if (parts.length !== 3 || !parts.every((p) => /^\d{1,4}$/.test(p))) return undefined;
  return isoDate(parts[0]!, parts[1]!, parts[2]!);
}

export function createHttpOcrProvider(call: TencentCloudClient): OcrProvider {
  return {
    name: 'http',
    async recognizeIdCard(image, side) {
      let answer: Record<string, unknown>;
      try {
        answer = await call({
          provider: 'ocr',
          service: 'ocr',
          action: 'IDCardOCR',
          version: '2018-11-19',
          payload: { ImageBase64: image.bytes.toString('base64'), CardSide: side === 'portrait' ? 'FRONT' : 'BACK', Config: WARNING_CONFIG },
        });
      } catch (error) {
        if (error instanceof VendorError && error.code === 'FailedOperation.CardSideError') return { outcome: 'wrong-side' };
        if (error instanceof VendorError && PHOTO_FAILURES.has(error.code)) return { outcome: 'unreadable' };
        if (error instanceof VendorError) throw new ProviderUnavailable('ocr', 'vendor-error', error.code);
        throw error;
      }
      const text = (name: string) => stringField('ocr', answer, name).trim();
      if (side === 'emblem') {
        const [from = '', to = ''] = text('ValidDate').split('-');
        const validFrom = parseDate(from, '.');
        const validTo = to === '长期' ? 'long-term' : parseDate(to, '.');
        const authority = text('Authority');
        if (!validFrom || !validTo || !authority) return { outcome: 'unreadable' };
        return { outcome: 'recognized', side, authority, validFrom, validTo, ...warningsOf(answer) } satisfies IdCardOcrResult;
      }
      const idNumber = text('IdNum').toUpperCase();
      const sex = text('Sex');
      const birthDate = parseDate(text('Birth'), '/');
      const name = text('Name');
      if (!isResidentIdNumber(idNumber) || (sex !== '男' && sex !== '女') || !birthDate || !name) return { outcome: 'unreadable' };
      return { outcome: 'recognized', side, name, sex, ethnicity: text('Nation'), birthDate, address: text('Address'), idNumber, ...warningsOf(answer) };
    },
  };
}
