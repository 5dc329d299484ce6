// Face verification (identity certification, SPEC §7 h5-face-url / h5-face-verify): the provider gives an
// H5 address where the user does the liveness check against the identity, and later the result for that
// session, asked server to server (never trusted from the page's return).
import { CODE, SUBCODE } from '@tyd/protocol';
import { ApiError } from '../../http/api-error.js';
import type { ProviderMode } from '../provider-mode.js';

export interface FaceIdentity {
  name: string;
  idNumber: string;
}

export interface FaceSession {
  sessionId: string;
  /** Where the page sends the user (the vendor's H5, or the sandbox's). */
  url: string;
}

export type FaceFailure = 'identity-mismatch' | 'face-mismatch' | 'liveness' | 'expired';

export type FaceResult = { outcome: 'pending' } | { outcome: 'passed'; similarity: number } | { outcome: 'failed'; reason: FaceFailure };

export interface FaceProvider {
  readonly name: ProviderMode;
  createFaceSession(identity: FaceIdentity, returnUrl: string): Promise<FaceSession>;
  getFaceResult(sessionId: string): Promise<FaceResult>;
}

/** The answer for a failed check: the identity itself (4503) or the face (4504). */
export function faceRefusal(reason: FaceFailure): ApiError {
  return new ApiError(CODE.BAD_REQUEST, reason === 'identity-mismatch' ? SUBCODE.IDENTITY_MISMATCH : SUBCODE.FACE_NOT_PASSED);
}
