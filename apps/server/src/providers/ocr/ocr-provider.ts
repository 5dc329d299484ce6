// ID card OCR (identity certification, SPEC §1): both sides of a second-generation resident ID card.
// A provider recognises a photo (already checked and stripped by uploads/) and answers a typed result;
// "could not read it" is an outcome (400/4502), "could not ask" is ProviderUnavailable (502/4501).
import { CODE, SUBCODE } from '@tyd/protocol';
import { ApiError } from '../../http/api-error.js';
import type { ProviderMode } from '../provider-mode.js';

/** portrait = 人像面 (name, number...), emblem = 国徽面 (issuing authority, validity). */
export type IdCardSide = 'portrait' | 'emblem';

export interface OcrImage {
  bytes: Buffer;
  contentType: 'image/jpeg' | 'image/png';
  width: number;
  height: number;
}

/**
 * What the vendors flag about a card photo (Tencent Cloud IDCardOCR's WarnInfos, Alibaba Cloud's quality
 * flags): a photocopy, a picture of a screen, a temporary card, the other side; and quality problems
 * (cropped edges, blur, glare, something covering the card). The capability decides which ones refuse.
 */
export type OcrWarning = 'photocopy' | 'screen-reshoot' | 'temporary' | 'wrong-side' | 'cropped' | 'blurred' | 'glare' | 'occluded';

export interface IdCardPortrait {
  outcome: 'recognized';
  side: 'portrait';
  name: string;
  sex: '男' | '女';
  ethnicity: string;
  /** YYYY-MM-DD */
  birthDate: string;
  address: string;
  /** 18 characters; the http adapter only passes numbers with a valid GB 11643-1999 check character. */
  idNumber: string;
  warnings?: OcrWarning[];
}

export interface IdCardEmblem {
  outcome: 'recognized';
  side: 'emblem';
  authority: string;
  /** YYYY-MM-DD */
  validFrom: string;
  /** YYYY-MM-DD, or 'long-term' (长期). */
  validTo: string;
  warnings?: OcrWarning[];
}

/**
 * `wrong-side`: a card, but the other side than asked, said by a vendor that answers no fields then
 * (Tencent Cloud's FailedOperation.CardSideError, http-ocr-provider.ts). A vendor that reads the other side
 * anyway answers it as recognized, with its `side` or the `wrong-side` warning.
 */
export type IdCardOcrResult = IdCardPortrait | IdCardEmblem | { outcome: 'unreadable' } | { outcome: 'wrong-side' };

export interface OcrProvider {
  readonly name: ProviderMode;
  recognizeIdCard(image: OcrImage, side: IdCardSide): Promise<IdCardOcrResult>;
}

/** The answer for an unreadable card (not a card, blurred, cut off). */
export function ocrRefusal(): ApiError {
  return new ApiError(CODE.BAD_REQUEST, SUBCODE.OCR_UNREADABLE);
}
