// Identity certification (SPEC §1, §7; docs/api.md "Identity certification"): the names of its states,
// card sides and photo warnings, shared by the server and the web without any schema code.

/** portrait = 人像面 (name, ID number…), emblem = 国徽面 (issuing authority, validity). */
export const IDCARD_SIDES = ['portrait', 'emblem'] as const;
export type IdCardSide = (typeof IDCARD_SIDES)[number];

/**
 * The state machine of docs/api.md: not started → documents read (both sides) → identity confirmed
 * (certification) → face pending (h5-face-url) → verified; or failed, with a reason and a next step.
 */
export const IDENTITY_STATES = ['not-started', 'documents-read', 'identity-confirmed', 'face-pending', 'verified', 'failed'] as const;
export type IdentityState = (typeof IDENTITY_STATES)[number];

/**
 * Photo quality warnings that do not stop the flow (after the vendors' lists: Tencent Cloud IDCardOCR
 * WarnInfos, Alibaba Cloud's quality flags): the page shows them and offers a retake. Photocopies,
 * screen reshoots, temporary cards, the wrong side and expired cards are refusals with their own
 * subcodes (4612, 4613, 4614, 4604) instead.
 */
export const IDCARD_WARNINGS = ['cropped', 'blurred', 'glare', 'occluded'] as const;
export type IdCardWarning = (typeof IDCARD_WARNINGS)[number];

/** Why a certification failed, and what the user can do next (docs/api.md "Identity certification"). */
export const IDENTITY_FAILURES = ['identity-not-found', 'face-mismatch', 'liveness', 'abandoned'] as const;
export type IdentityFailure = (typeof IDENTITY_FAILURES)[number];
export const IDENTITY_NEXT_STEPS = ['retry-face', 'recheck-documents', 'try-tomorrow'] as const;
export type IdentityNextStep = (typeof IDENTITY_NEXT_STEPS)[number];

/** Where the NFC antenna sits on a phone's back (the /nfc explainer, SPEC §2). */
export const NFC_POSITIONS = ['top', 'upper', 'center', 'lower'] as const;
export type NfcPosition = (typeof NFC_POSITIONS)[number];
