// Photo uploads in sealed parts (docs/protocol.md §14): start -> parts in order -> finish with the SHA-256
// of the whole. Business rules only, no HTTP: sizes, order, ownership, the image checks (inspect-photo.ts),
// encryption at rest (upload-cipher.ts), expiry. Whatever is refused is not kept: a photo refused at its
// first part or at finish is deleted with its parts before the error is answered.
import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import { CODE, CODE_TEXT, SUBCODE, UPLOAD_PART_MAX_BYTES, fromBase64, type Subcode, type UploadPurpose } from '@tyd/protocol';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { ApiError } from '../../http/api-error.js';
import { ImageRejected, type ImageRejection } from './image-rejected.js';
import { checkPhotoKind, inspectPhoto } from './inspect-photo.js';
import { contentAad, partAad, type UploadCipher } from './upload-cipher.js';
import type { UploadRow, UploadsRepository } from '../repositories/uploads-repository.js';

export interface UploadRules {
  /** Largest photo in bytes as sent (UPLOAD_MAX_BYTES). */
  maxBytes: number;
  /** How long an upload lives unless a capability uses it (UPLOAD_TTL_SECONDS). */
  ttlMs: number;
  /** Unexpired, unused uploads one account may hold (UPLOAD_MAX_LIVE_PER_USER). */
  maxLivePerUser: number;
}

/** A finished photo as a capability receives it: metadata-free bytes and what the header said. */
export interface StoredPhoto {
  uploadId: string;
  purpose: UploadPurpose;
  contentType: 'image/jpeg' | 'image/png';
  width: number;
  height: number;
  /** EXIF orientation 2..8 to apply (or hand to a vendor's rotation option); null when upright. */
  orientation: number | null;
  bytes: Buffer;
}

const REJECTION_SUBCODE: Record<ImageRejection, Subcode> = {
  'not-image': SUBCODE.UPLOAD_NOT_IMAGE,
  heic: SUBCODE.UPLOAD_HEIC,
  damaged: SUBCODE.UPLOAD_DAMAGED,
  'too-many-pixels': SUBCODE.UPLOAD_TOO_MANY_PIXELS,
};

/** What a person is told of a refused image: the upload subcode's text (SPEC §9), also where no subcode is sent (the operators' content images). */
export const imageRejectionText = (reason: ImageRejection): string => CODE_TEXT[REJECTION_SUBCODE[reason]];

const notFound = () => new ApiError(CODE.BAD_REQUEST, SUBCODE.UPLOAD_NOT_FOUND);

export function createUploadService(deps: { db: Kysely<Database>; uploads: UploadsRepository; cipher: UploadCipher; rules: UploadRules }) {
  const { db, uploads, cipher, rules } = deps;

  /** Deletes the upload, then refuses with the image's reason. */
  async function discardFor(uploadId: string, error: unknown): Promise<never> {
    await uploads.delete(uploadId);
    if (error instanceof ImageRejected) throw new ApiError(CODE.BAD_REQUEST, REJECTION_SUBCODE[error.reason], { detail: error.message });
    throw error;
  }

  /** A finished upload's row as a capability receives it, decrypted; undefined for none or one still in parts. */
  function storedPhoto(row: UploadRow | undefined): StoredPhoto | undefined {
    if (!row?.content_enc || !row.content_type || !row.width || !row.height) return undefined;
    return {
      uploadId: row.id,
      purpose: row.purpose as UploadPurpose,
      contentType: row.content_type,
      width: row.width,
      height: row.height,
      orientation: row.orientation,
      bytes: cipher.decrypt(contentAad(row.id), row.content_enc),
    };
  }

  return {
    async start(userId: string, input: { purpose: UploadPurpose; size: number }, now: number) {
      if (input.size > rules.maxBytes) throw new ApiError(CODE.PAYLOAD_TOO_LARGE, SUBCODE.UPLOAD_TOO_LARGE, { data: { maxBytes: rules.maxBytes } });
      const id = randomUUID();
      const expiresAt = now + rules.ttlMs;
      const created = await db.transaction().execute(async (trx) => {
        await uploads.lockUser(userId, trx);
        if ((await uploads.countLive(userId, now, trx)) >= rules.maxLivePerUser) return false;
        await uploads.create({ id, userId, purpose: input.purpose, declaredSize: input.size, now, expiresAt }, trx);
        return true;
      });
      if (!created) throw new ApiError(CODE.TOO_MANY_REQUESTS, SUBCODE.UPLOAD_LIMIT, { data: { retryAfterSeconds: Math.ceil(rules.ttlMs / 1000) } });
      return { uploadId: id, partMaxBytes: UPLOAD_PART_MAX_BYTES, expiresAt };
    },

    async part(userId: string, input: { uploadId: string; index: number; bytes: string }, now: number) {
      let bytes: Buffer;
      try {
        bytes = Buffer.from(fromBase64(input.bytes, 'bytes'));
      } catch {
        throw new ApiError(CODE.BAD_REQUEST, SUBCODE.BAD_PAYLOAD, { detail: 'payload: bytes: not strict base64' });
      }
      const upload = await uploads.findOpen(input.uploadId, userId, now);
      if (!upload) throw notFound();
      if (input.index !== upload.next_index) throw new ApiError(CODE.CONFLICT, SUBCODE.UPLOAD_PART_ORDER, { data: { nextIndex: upload.next_index } });
      if (upload.received_bytes + bytes.length > upload.declared_size) {
        await uploads.delete(upload.id);
        throw new ApiError(CODE.PAYLOAD_TOO_LARGE, SUBCODE.UPLOAD_TOO_LARGE, { data: { maxBytes: rules.maxBytes } });
      }
      // The first bytes decide the kind: a HEIC or a non-image is refused before the rest is sent.
      if (input.index === 0) {
        try {
          checkPhotoKind(bytes);
        } catch (error) {
          await discardFor(upload.id, error);
        }
      }
      const bytesEnc = cipher.encrypt(partAad(upload.id, input.index), bytes);
      const taken = await db.transaction().execute(async (trx) => {
        if (!(await uploads.advance({ id: upload.id, userId, index: input.index, size: bytes.length, now }, trx))) return false;
        await uploads.insertPart({ uploadId: upload.id, index: input.index, size: bytes.length, bytesEnc }, trx);
        return true;
      });
      if (!taken) {
        // A parallel request took this index first (or the upload ended meanwhile).
        const current = await uploads.findOpen(upload.id, userId, now);
        if (!current) throw notFound();
        throw new ApiError(CODE.CONFLICT, SUBCODE.UPLOAD_PART_ORDER, { data: { nextIndex: current.next_index } });
      }
      return { nextIndex: input.index + 1, receivedBytes: upload.received_bytes + bytes.length };
    },

    async finish(userId: string, input: { uploadId: string; sha256: string }, now: number) {
      const upload = await uploads.findOpen(input.uploadId, userId, now);
      if (!upload) throw notFound();
      const mismatch = () => discardFor(upload.id, new ApiError(CODE.BAD_REQUEST, SUBCODE.UPLOAD_HASH_MISMATCH));
      if (upload.received_bytes !== upload.declared_size) return mismatch();
      const parts = await uploads.parts(upload.id);
      const whole = Buffer.concat(parts.map((part) => cipher.decrypt(partAad(upload.id, part.index), part.bytesEnc)));
      const digest = createHash('sha256').update(whole).digest();
      if (whole.length !== upload.declared_size || !timingSafeEqual(digest, Buffer.from(input.sha256, 'hex'))) return mismatch();
      let photo;
      try {
        photo = inspectPhoto(whole);
      } catch (error) {
        return discardFor(upload.id, error);
      }
      const finished = await db.transaction().execute((trx) =>
        uploads.finish(
          {
            id: upload.id,
            userId,
            now,
            contentType: photo.contentType,
            width: photo.width,
            height: photo.height,
            orientation: photo.orientation,
            storedSize: photo.bytes.length,
            contentEnc: cipher.encrypt(contentAad(upload.id), photo.bytes),
          },
          trx,
        ),
      );
      if (!finished) throw notFound();
      return {
        uploadId: upload.id,
        purpose: upload.purpose as UploadPurpose,
        contentType: photo.contentType,
        width: photo.width,
        height: photo.height,
        storedBytes: photo.bytes.length,
        expiresAt: upload.expires_at,
      };
    },

    /**
     * For capabilities (identity certification...): takes a finished upload of one of `purposes` owned by
     * the user, once. From then on it no longer expires; it goes with the account or when the capability
     * deletes it.
     */
    async claim(userId: string, uploadId: string, purposes: readonly UploadPurpose[], now: number): Promise<StoredPhoto> {
      const photo = storedPhoto(await uploads.claim({ id: uploadId, userId, purposes, now }));
      if (!photo) throw notFound();
      return photo;
    },

    /**
     * For the copy of one's data (PIPL art. 45; docs/api.md "Personal information"): a photo a capability took,
     * decrypted, only for the user it belongs to; undefined otherwise.
     */
    async readUsed(userId: string, uploadId: string): Promise<StoredPhoto | undefined> {
      return storedPhoto(await uploads.findUsed(uploadId, userId));
    },

    /** For capabilities: deletes a photo they claimed and no longer need (identity: a side photographed again). */
    discard: (uploadId: string) => uploads.delete(uploadId),

    /** Deletes unused uploads past their expiry (uploads-module.ts runs it at start and hourly). */
    prune: (now: number) => uploads.pruneExpired(now),
  };
}

export type UploadService = ReturnType<typeof createUploadService>;
