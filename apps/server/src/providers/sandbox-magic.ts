// The magic values of the sandbox providers (docs/sandbox.md), in one place: like a payment provider's
// test mode, an input chosen on purpose selects each outcome, so every branch of a capability can be
// tried by hand or in a test. Identity outcomes key on the 3-digit sequence code of the ID number
// (characters 15-17, GB 11643-1999 §5.3), card outcomes on the card number's first 8 digits.
export const SANDBOX_ID_SEQUENCE = {
  identityMismatch: '990',
  faceMismatch: '991',
  liveness: '992',
  unavailable: '993',
  /**
   * The sandbox bank's "card not in this ID number's name". Not 990: bank-card binding needs a verified
   * identity, and 990 never passes the face check, so that outcome could not be reached.
   */
  cardIdNumberMismatch: '994',
} as const;

export const SANDBOX_CARD_PREFIX = {
  mismatch: '62000000',
  frozen: '62000001',
  lost: '62000002',
  expired: '62000003',
  noCardNotPresent: '62000004',
  unavailable: '62000009',
} as const;

/** The phone number the sandbox bank says does not belong to the card. */
export const SANDBOX_WRONG_PHONE = '13900000000';

/** OCR: photos under this many pixels a side are "unreadable"; a photo exactly this wide is an outage. */
export const SANDBOX_OCR_MIN_SIDE = 100;
export const SANDBOX_OCR_UNAVAILABLE_WIDTH = 999;

/**
 * OCR outcomes by the photo's height in pixels (docs/sandbox.md): each refusal and warning of identity
 * certification, the age limits, and an ID number with a chosen sequence code (990-993, the face outcomes;
 * 994, the bank's id-number mismatch).
 */
export const SANDBOX_OCR_HEIGHT = {
  photocopy: 901,
  screenReshoot: 902,
  temporary: 903,
  wrongSide: 904,
  expired: 905,
  cropped: 906,
  blurred: 907,
  glare: 908,
  occluded: 909,
  age17: 917,
  birthDateMismatch: 918,
  badCheckCharacter: 919,
  longTerm: 920,
  age61: 961,
} as const;
/** A portrait photo this many pixels high carries an ID number with that sequence code. */
export const SANDBOX_OCR_SEQUENCE_HEIGHTS = [990, 991, 992, 993, 994] as const;

export const idSequence = (idNumber: string) => idNumber.slice(14, 17);
