// Identity certification's rules (docs/api.md "Identity certification"; SPEC §1, §7): the state machine,
// the checks of GB 11643-1999, the age limits and the card's validity, one identity per account and one
// account per identity, the face tries per day, and what other capabilities may ask (requireVerified).
// No HTTP here: routes call these and send what they return or throw.
import {
  CODE,
  SUBCODE,
  ageOn,
  chinaDate as chinaToday,
  chinaDay,
  chinaDayEnd,
  isResidentIdNumber,
  maskIdNumber,
  maskName,
  residentIdBirthDate,
  type IdCardSide,
  type IdCardWarning,
  type IdentityFailure,
  type IdentityNextStep,
  type IdentityState,
} from '@tyd/protocol';
import type { Kysely, Transaction } from 'kysely';
import type { IdentityConfig } from '../../config/index.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { Executor } from '../../db/executor.js';
import type { Database, IdentityRow } from '../../db/schema.js';
import { ApiError } from '../../http/api-error.js';
import type { KvStore } from '../../kv/kv-store.js';
import type { Emit, Outbox } from '../../outbox/outbox.js';
import { faceRefusal, type FaceProvider, type FaceResult } from '../../providers/face/face-provider.js';
import { ocrRefusal, type IdCardEmblem, type IdCardPortrait, type OcrProvider, type OcrWarning } from '../../providers/ocr/ocr-provider.js';
import { ProviderUnavailable, providerUnavailable } from '../../providers/provider-error.js';
import type { UploadService } from '../../uploads/uploads-module.js';
import { createIdentitiesRepository, type FailureReason } from '../repositories/identities-repository.js';
import type { IdentityCipher } from './identity-cipher.js';
import { certificationPassedMessage, certificationRefusedMessage } from './identity-messages.js';

/** How long a face session may take (the sandbox's and FaceID's H5 sessions are of this order). */
export const FACE_SESSION_MS = 30 * 60_000;
const DAY_MS = 86_400_000;

type Portrait = Omit<IdCardPortrait, 'outcome' | 'warnings'>;
type Emblem = Omit<IdCardEmblem, 'outcome' | 'warnings'>;
/** What is kept of a side until certification: what was read, and which claimed upload holds its photo. */
type Kept<T> = T & { uploadId: string };

/** The identity a certification confirmed: what was read, with the name and address as the holder corrected them. */
export interface ConfirmedIdentity {
  name: string;
  idNumber: string;
  sex: '男' | '女';
  ethnicity: string;
  birthDate: string;
  address: string;
  authority: string;
  validFrom: string;
  validTo: string;
}

export interface CertificationInfo {
  state: IdentityState;
  documents: { portrait: boolean; emblem: boolean };
  name: string | null;
  idNumber: string | null;
  validTo: string | null;
  verifiedAt: number | null;
  failure: { reason: IdentityFailure; next: IdentityNextStep } | null;
  faceTriesLeft: number;
}

const SOFT_WARNINGS: ReadonlySet<OcrWarning> = new Set<OcrWarning>(['cropped', 'blurred', 'glare', 'occluded']);
const FAILURE_OF: Record<FailureReason, IdentityFailure> = {
  'identity-not-found': 'identity-not-found',
  'face-mismatch': 'face-mismatch',
  liveness: 'liveness',
  abandoned: 'abandoned',
};

export interface IdentityServiceDeps {
  db: Kysely<Database>;
  kv: KvStore;
  cipher: IdentityCipher;
  uploads: Pick<UploadService, 'claim' | 'discard'>;
  ocr: OcrProvider;
  face: FaceProvider;
  rules: IdentityConfig;
  /**
   * The face check's outcome and what it owes are written in one transaction (outbox/outbox.ts): the
   * `identity-verified` event (rewards pays invitations on it) and the result's message.
   */
  outbox: Pick<Outbox, 'transaction'>;
}

declare module '../../outbox/outbox.js' {
  interface OutboxTopics {
    /**
     * An account's identity was verified at `verifiedAt` (the event's account); once per account.
     * `withHooks`: what the verification owes other accounts was written with it by the verified hooks
     * (whenVerified); absent in events written before those hooks existed, whose handler still owes it.
     */
    'identity-verified': { verifiedAt: number; withHooks?: true };
  }
}

/**
 * A capability's part of a verification, run in the verification's transaction (its reads through `trx`):
 * events it writes with `emit` commit exactly when the verification does, and each belongs to whoever is
 * owed it, so what is owed to one account survives another's deregistration (docs/architecture.md "Side
 * effects: the outbox").
 */
export type VerifiedHook = (verified: { userId: string; now: number; trx: Transaction<Database>; emit: Emit }) => Promise<void>;

export function createIdentityService(deps: IdentityServiceDeps) {
  const { cipher, rules } = deps;
  const repo = createIdentitiesRepository(deps.db);
  const verifiedHooks: VerifiedHook[] = [];
  const triesKey = (userId: string, now: number) => `identity:face-tries:${userId}:${chinaDay(now)}`;

  async function triesUsed(userId: string, now: number): Promise<number> {
    return Number((await deps.kv.get(triesKey(userId, now))) ?? 0);
  }

  function checkAge(birthDate: string, now: number): void {
    const age = ageOn(birthDate, now);
    if (age < rules.minAge || age > rules.maxAge)
      throw new ApiError(CODE.BAD_REQUEST, SUBCODE.ID_AGE_NOT_ALLOWED, { data: { minAge: rules.minAge, maxAge: rules.maxAge } });
  }

  /** GB 11643-1999, the printed birth date against the number's, and the age limits. */
  function checkPortrait(portrait: Portrait, now: number): void {
    if (!isResidentIdNumber(portrait.idNumber, now)) throw new ApiError(CODE.BAD_REQUEST, SUBCODE.ID_NUMBER_INVALID);
    if (residentIdBirthDate(portrait.idNumber) !== portrait.birthDate) throw new ApiError(CODE.BAD_REQUEST, SUBCODE.ID_BIRTH_DATE_MISMATCH);
    checkAge(portrait.birthDate, now);
  }

  /** The card is valid through its last day (China time); long-term cards never expire. */
  function checkValidity(validTo: string, now: number): void {
    if (validTo !== 'long-term' && validTo < chinaToday(now)) throw new ApiError(CODE.BAD_REQUEST, SUBCODE.ID_CARD_EXPIRED);
  }

  function notVerified(row: IdentityRow | undefined): void {
    if (row?.state === 'verified') throw new ApiError(CODE.CONFLICT, SUBCODE.IDENTITY_ALREADY_VERIFIED);
  }

  async function info(userId: string, now: number, row?: IdentityRow): Promise<CertificationInfo> {
    const current = row ?? (await repo.find(userId));
    const triesLeft = Math.max(0, rules.faceTriesPerDay - (await triesUsed(userId, now)));
    if (!current)
      return {
        state: 'not-started',
        documents: { portrait: false, emblem: false },
        name: null,
        idNumber: null,
        validTo: null,
        verifiedAt: null,
        failure: null,
        faceTriesLeft: triesLeft,
      };
    const identity = current.identity_enc ? cipher.decrypt<ConfirmedIdentity>('identity_enc', userId, current.identity_enc) : undefined;
    const reason = current.state === 'failed' && current.failure_reason ? FAILURE_OF[current.failure_reason] : undefined;
    const next: IdentityNextStep = reason === 'identity-not-found' ? 'recheck-documents' : triesLeft > 0 ? 'retry-face' : 'try-tomorrow';
    return {
      state: current.state,
      documents: { portrait: current.portrait_enc !== null, emblem: current.emblem_enc !== null },
      name: identity ? maskName(identity.name) : null,
      idNumber: identity ? maskIdNumber(identity.idNumber) : null,
      validTo: identity?.validTo ?? null,
      verifiedAt: current.verified_at,
      failure: reason ? { reason, next } : null,
      faceTriesLeft: triesLeft,
    };
  }

  /** The photo of the side read before this one: deleted once the new one is kept (one photo per side). */
  async function discardPrevious(userId: string, column: 'portrait_enc' | 'emblem_enc', previous: string | null | undefined, uploadId: string): Promise<void> {
    if (!previous) return;
    const old = cipher.decrypt<{ uploadId?: string }>(column, userId, previous).uploadId;
    if (old && old !== uploadId) await deps.uploads.discard(old);
  }

  async function askProvider<T>(ask: () => Promise<T>): Promise<T> {
    try {
      return await ask();
    } catch (error) {
      if (error instanceof ProviderUnavailable) throw providerUnavailable(error);
      throw error;
    }
  }

  /** What a face result other than a pass makes of the row: the reason kept, whether the session stays, the answer. */
  function faceFailure(
    result: Exclude<FaceResult, { outcome: 'passed' }>,
    row: IdentityRow,
    now: number,
  ): { reason: FailureReason; keepSession: boolean; refusal: ApiError } {
    if (result.outcome === 'pending') {
      // Back before the end. The session stays until it expires: a late result can still pass.
      const expired = row.face_expires_at !== null && now >= row.face_expires_at;
      return { reason: 'abandoned', keepSession: !expired, refusal: new ApiError(CODE.BAD_REQUEST, SUBCODE.FACE_ABANDONED) };
    }
    switch (result.reason) {
      case 'identity-mismatch':
        return { reason: 'identity-not-found', keepSession: false, refusal: faceRefusal('identity-mismatch') };
      case 'face-mismatch':
        return { reason: 'face-mismatch', keepSession: false, refusal: faceRefusal('face-mismatch') };
      case 'liveness':
        return { reason: 'liveness', keepSession: false, refusal: new ApiError(CODE.BAD_REQUEST, SUBCODE.FACE_LIVENESS_FAILED) };
      case 'expired':
        return { reason: 'abandoned', keepSession: false, refusal: new ApiError(CODE.BAD_REQUEST, SUBCODE.FACE_ABANDONED) };
    }
  }

  /** A face session or result that is no longer the account's (docs/api.md "The state machine"): 409/4615 with the state now. */
  const staleFace = (row: IdentityRow | undefined) =>
    new ApiError(CODE.CONFLICT, SUBCODE.FACE_SESSION_MISSING, { data: { state: row?.state ?? 'not-started' } });

  return {
    info: (userId: string, now: number) => info(userId, now),

    /** idcard-ocr: claims the upload, reads it, checks it, keeps it (encrypted) and answers what was read. */
    async readSide(userId: string, uploadId: string, side: IdCardSide, now: number) {
      const before = await repo.find(userId);
      notVerified(before);
      const photo = await deps.uploads.claim(userId, uploadId, [side === 'portrait' ? 'idcard-portrait' : 'idcard-emblem'], now);
      // The upload is used up by this call whatever the answer; a photo that was not kept is deleted at once.
      let kept = false;
      try {
        const result = await askProvider(() =>
          deps.ocr.recognizeIdCard({ bytes: photo.bytes, contentType: photo.contentType, width: photo.width, height: photo.height }, side),
        );
        if (result.outcome === 'unreadable') throw ocrRefusal();
        const wrongSide = () => new ApiError(CODE.BAD_REQUEST, SUBCODE.IDCARD_WRONG_SIDE, { data: { expectedSide: side } });
        if (result.outcome === 'wrong-side') throw wrongSide();
        const flags = new Set(result.warnings ?? []);
        if (flags.has('photocopy') || flags.has('screen-reshoot')) throw new ApiError(CODE.BAD_REQUEST, SUBCODE.IDCARD_NOT_ORIGINAL);
        if (flags.has('temporary')) throw new ApiError(CODE.BAD_REQUEST, SUBCODE.IDCARD_TEMPORARY);
        if (flags.has('wrong-side') || result.side !== side) throw wrongSide();
        const warnings = [...flags].filter((w): w is IdCardWarning & OcrWarning => SOFT_WARNINGS.has(w));
        if (result.side === 'portrait') {
          const { outcome: _o, warnings: _w, ...portrait } = result;
          checkPortrait(portrait, now);
          // One account per identity: a number another account holds is refused before anything of it is
          // kept (no reading, no photo). Certification's unique index still decides between two accounts
          // that read the same card before either claimed it.
          if (await repo.heldByOther(cipher.idHash(portrait.idNumber), userId, now - rules.claimHoldMs))
            throw new ApiError(CODE.CONFLICT, SUBCODE.IDENTITY_TAKEN);
          const row = await repo.saveSide(
            userId,
            'portrait_enc',
            cipher.encrypt('portrait_enc', userId, { ...portrait, uploadId } satisfies Kept<Portrait>),
            now,
          );
          if (!row) throw new ApiError(CODE.CONFLICT, SUBCODE.IDENTITY_ALREADY_VERIFIED);
          kept = true;
          await discardPrevious(userId, 'portrait_enc', before?.portrait_enc, uploadId);
          return { ...portrait, state: row.state, warnings };
        }
        const { outcome: _o, warnings: _w, ...emblem } = result;
        checkValidity(emblem.validTo, now);
        const row = await repo.saveSide(userId, 'emblem_enc', cipher.encrypt('emblem_enc', userId, { ...emblem, uploadId } satisfies Kept<Emblem>), now);
        // Verified while the photo was being read: nothing kept, the verified documents stay.
        if (!row) throw new ApiError(CODE.CONFLICT, SUBCODE.IDENTITY_ALREADY_VERIFIED);
        kept = true;
        await discardPrevious(userId, 'emblem_enc', before?.emblem_enc, uploadId);
        return { ...emblem, state: row.state, warnings };
      } finally {
        if (!kept) await deps.uploads.discard(photo.uploadId);
      }
    },

    /**
     * idcard-readings: the kept sides as idcard-ocr answered them (no warnings: not kept), so the check step
     * survives a reload; only before certification, afterwards the identity is shown masked (certification-info).
     */
    async readings(userId: string) {
      const row = await repo.find(userId);
      const state = row?.state ?? 'not-started';
      const open = state === 'not-started' || state === 'documents-read';
      const side = <T>(column: 'portrait_enc' | 'emblem_enc', value: string | null | undefined): T | null => {
        if (!open || !value) return null;
        const { uploadId: _photo, ...reading } = cipher.decrypt<Kept<T>>(column, userId, value);
        return reading as T;
      };
      const portrait = side<Portrait>('portrait_enc', row?.portrait_enc);
      const emblem = side<Emblem>('emblem_enc', row?.emblem_enc);
      return {
        state,
        portrait: portrait && { ...portrait, state, warnings: [] },
        emblem: emblem && { ...emblem, state, warnings: [] },
      };
    },

    /** certification: the holder's confirmation; checks everything again and claims the identity. */
    async certify(userId: string, corrected: { name: string; address: string }, now: number): Promise<CertificationInfo> {
      const row = await repo.find(userId);
      notVerified(row);
      if (!row?.portrait_enc || !row.emblem_enc)
        throw new ApiError(CODE.CONFLICT, SUBCODE.IDENTITY_STEP_MISSING, { data: { state: row?.state ?? 'not-started' } });
      const { uploadId: _portraitPhoto, ...portrait } = cipher.decrypt<Kept<Portrait>>('portrait_enc', userId, row.portrait_enc);
      const { uploadId: _emblemPhoto, ...emblem } = cipher.decrypt<Kept<Emblem>>('emblem_enc', userId, row.emblem_enc);
      checkPortrait(portrait, now);
      checkValidity(emblem.validTo, now);
      const identity: ConfirmedIdentity = {
        ...portrait,
        name: corrected.name.replace(/•/g, '·'),
        address: corrected.address,
        authority: emblem.authority,
        validFrom: emblem.validFrom,
        validTo: emblem.validTo,
      };
      let claimed: boolean;
      try {
        // Only the documents read above: a side read again meanwhile (or any other transition) changes the
        // version, and nothing is claimed.
        claimed = await repo.confirm({
          userId,
          version: row.version,
          idHash: cipher.idHash(identity.idNumber),
          identityEnc: cipher.encrypt('identity_enc', userId, identity),
          now,
          staleBefore: now - rules.claimHoldMs,
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new ApiError(CODE.CONFLICT, SUBCODE.IDENTITY_TAKEN);
        throw error;
      }
      if (!claimed) {
        const current = await repo.find(userId);
        notVerified(current);
        throw new ApiError(CODE.CONFLICT, SUBCODE.IDENTITY_STEP_MISSING, { data: { state: current?.state ?? 'not-started' } });
      }
      return info(userId, now);
    },

    /**
     * h5-face-url: one of the day's tries, spent only by the call whose session is kept. The try is reserved
     * by the atomic increment (its own result decides, so parallel calls never pass the limit together) and
     * given back when the call keeps no session: the provider failed, or the compare-and-set below lost to a
     * parallel call or a certification (docs/api.md "h5-face-url").
     */
    async startFace(userId: string, now: number) {
      const row = await repo.find(userId);
      notVerified(row);
      const ready =
        row?.identity_enc &&
        (row.state === 'identity-confirmed' || row.state === 'face-pending' || (row.state === 'failed' && row.failure_reason !== 'identity-not-found'));
      if (!row || !ready) throw new ApiError(CODE.CONFLICT, SUBCODE.IDENTITY_STEP_MISSING, { data: { state: row?.state ?? 'not-started' } });
      const tries = triesKey(userId, now);
      const used = await deps.kv.increment(tries, DAY_MS + 3_600_000);
      let kept = false;
      try {
        if (used > rules.faceTriesPerDay) {
          throw new ApiError(CODE.TOO_MANY_REQUESTS, SUBCODE.FACE_DAILY_LIMIT, {
            data: { retryAfterSeconds: Math.ceil((chinaDayEnd(chinaDay(now)) - now) / 1000) },
          });
        }
        const identity = cipher.decrypt<ConfirmedIdentity>('identity_enc', userId, row.identity_enc!);
        const session = await askProvider(() => deps.face.createFaceSession({ name: identity.name, idNumber: identity.idNumber }, rules.faceReturnUrl));
        const expiresAt = now + FACE_SESSION_MS;
        // The session was opened for the identity read above: kept only while the row is still as read. A
        // certification or new documents meanwhile, or a parallel h5-face-url that stored its own session
        // first, and this one is nobody's (its result could never verify the account).
        kept = await repo.startFace(userId, row.version, cipher.encrypt('face_session_enc', userId, session.sessionId), expiresAt, now);
        if (!kept) {
          const current = await repo.find(userId);
          notVerified(current);
          const startable =
            current?.identity_enc &&
            (current.state === 'identity-confirmed' ||
              current.state === 'face-pending' ||
              (current.state === 'failed' && current.failure_reason !== 'identity-not-found'));
          if (startable) throw staleFace(current);
          throw new ApiError(CODE.CONFLICT, SUBCODE.IDENTITY_STEP_MISSING, { data: { state: current?.state ?? 'not-started' } });
        }
        return { url: session.url, expiresAt, faceTriesLeft: Math.max(0, rules.faceTriesPerDay - (await triesUsed(userId, now))) };
      } finally {
        if (!kept) await deps.kv.decrement(tries);
      }
    },

    /** h5-face-verify: the provider's answer for the account's session, asked server to server. */
    async verifyFace(userId: string, now: number): Promise<CertificationInfo> {
      let row = await repo.find(userId);
      // A repeated return after success: the same answer, no provider call.
      if (row?.state === 'verified') return info(userId, now, row);
      if (!row?.face_session_enc) throw staleFace(row);
      const asked = { session: row.face_session_enc, identity: row.identity_enc };
      const sessionId = cipher.decrypt<string>('face_session_enc', userId, asked.session);
      const result = await askProvider(() => deps.face.getFaceResult(sessionId));
      const failure = result.outcome === 'passed' ? undefined : faceFailure(result, row, now);
      // The provider's answer is about the session read, opened for the identity read: it changes the row
      // only while the row is still as read (compare-and-set on its version). New documents, a
      // certification, another h5-face-url or a parallel answer meanwhile, and it changes nothing.
      for (let round = 0; round < 3; round += 1) {
        const version = row.version;
        if (!failure) {
          const verified = await deps.outbox.transaction(async (trx, emit) => {
            if (!(await repo.markVerified(userId, version, now, trx))) return false;
            await emit('identity-verified', { verifiedAt: now, withHooks: true }, userId);
            for (const hook of verifiedHooks) await hook({ userId, now, trx, emit });
            await emit('message', certificationPassedMessage(now), userId);
            return true;
          });
          if (verified) return info(userId, now);
        } else {
          const failed = await deps.outbox.transaction(async (trx, emit) => {
            if (!(await repo.markFailed(userId, version, failure.reason, failure.keepSession, now, trx))) return false;
            const message = certificationRefusedMessage(failure.refusal.subcode, now);
            if (message) await emit('message', message, userId);
            return true;
          });
          if (failed) throw failure.refusal;
        }
        const current = await repo.find(userId);
        if (current?.state === 'verified') {
          // A parallel answer for this same attempt verified it (the confirmed identity's ciphertext is the
          // one read): the answer of a repeated return. Verified by another attempt: this one verified nothing.
          if (current.identity_enc === asked.identity) return info(userId, now, current);
          throw new ApiError(CODE.CONFLICT, SUBCODE.IDENTITY_ALREADY_VERIFIED);
        }
        // Still this session (a parallel "not finished yet" kept it, moving the version): the answer still
        // applies, to the row as it is now. Any other change: the session is no longer the account's.
        if (current?.face_session_enc !== asked.session || current.identity_enc !== asked.identity) throw staleFace(current);
        row = current;
      }
      throw staleFace(row);
    },

    /**
     * For capabilities that need a verified identity (bank cards: the four elements are name, ID number,
     * card and phone). Throws 403/4611 otherwise.
     */
    async requireVerified(userId: string, trx?: Executor): Promise<ConfirmedIdentity> {
      const row = await repo.find(userId, trx);
      if (row?.state !== 'verified' || !row.identity_enc) throw new ApiError(CODE.FORBIDDEN, SUBCODE.IDENTITY_NOT_VERIFIED);
      return cipher.decrypt<ConfirmedIdentity>('identity_enc', userId, row.identity_enc);
    },

    /** The verified person's key for once-per-person rules (identity-cipher.ts); null when not verified. */
    /** Adds a capability's part to every verification from now on (registered at start, before the server listens). */
    whenVerified(hook: VerifiedHook): void {
      verifiedHooks.push(hook);
    },

    async personKey(userId: string, trx?: Executor): Promise<string | null> {
      const row = await repo.find(userId, trx);
      if (row?.state !== 'verified' || !row.identity_enc) return null;
      return cipher.personKey(cipher.decrypt<ConfirmedIdentity>('identity_enc', userId, row.identity_enc).idNumber);
    },

    /**
     * Everything certification keeps of the account, decrypted, for its owner only: the 个人信息 list and the
     * copy of one's data (PIPL art. 45; docs/api.md "Personal information"). Undefined when nothing was started.
     */
    async ownRecord(userId: string) {
      const row = await repo.find(userId);
      if (!row) return undefined;
      const side = <T>(column: 'portrait_enc' | 'emblem_enc', value: string | null) => {
        if (!value) return { reading: null, photoId: null };
        const { uploadId, ...reading } = cipher.decrypt<Kept<T>>(column, userId, value);
        return { reading: reading as T, photoId: uploadId };
      };
      const failure = row.state === 'failed' && row.failure_reason ? FAILURE_OF[row.failure_reason] : null;
      return {
        state: row.state,
        startedAt: row.created_at,
        updatedAt: row.updated_at,
        confirmedAt: row.confirmed_at,
        verifiedAt: row.verified_at,
        failure,
        confirmed: row.identity_enc ? cipher.decrypt<ConfirmedIdentity>('identity_enc', userId, row.identity_enc) : null,
        portrait: side<Portrait>('portrait_enc', row.portrait_enc),
        emblem: side<Emblem>('emblem_enc', row.emblem_enc),
      };
    },

    /** What deregistration keeps of a verified identity (docs/api.md "Deregistration"); undefined otherwise. */
    async retainedIdentity(userId: string, trx?: Executor): Promise<(ConfirmedIdentity & { verifiedAt: number }) | undefined> {
      const row = await repo.find(userId, trx);
      if (row?.state !== 'verified' || !row.identity_enc || row.verified_at === null) return undefined;
      return { ...cipher.decrypt<ConfirmedIdentity>('identity_enc', userId, row.identity_enc), verifiedAt: row.verified_at };
    },
  };
}

export type IdentityService = ReturnType<typeof createIdentityService>;
