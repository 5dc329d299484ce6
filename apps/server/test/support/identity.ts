// Identity certification in tests: ID card photos for the sandbox OCR (docs/sandbox.md) and the upload
// of a photo through the real sealed parts (docs/protocol.md §14).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { UPLOAD_PART_MAX_BYTES, toBase64, type ApiResponse } from '@tyd/protocol';
import type { ApiClient } from './api-client.js';

/** A real JPEG (encoded once with jpeg-js), 160 x 120: over the sandbox OCR's 100 px, so it reads. */
export const CARD_JPEG = readFileSync(new URL('../fixtures/idcard-160x120.jpg', import.meta.url));

/**
 * The card JPEG with the dimensions its frame header (SOF0) announces changed. The server reads dimensions
 * from the header and never decodes pixels (docs/architecture.md "Images are checked, not decoded"), and
 * the sandbox OCR picks its outcome by them: a height from SANDBOX_OCR_HEIGHT selects a refusal or
 * warning; a different width gives different stored bytes, so a different sandbox person.
 */
export function cardPhoto(opts: { width?: number; height?: number } = {}): Buffer {
  const photo = Buffer.from(CARD_JPEG);
  const sof = photo.indexOf(Buffer.from([0xff, 0xc0]));
  if (sof < 0) throw new Error('fixture has no SOF0');
  photo.writeUInt16BE(opts.height ?? 120, sof + 5);
  photo.writeUInt16BE(opts.width ?? 160, sof + 7);
  return photo;
}

let widthCounter = 200 + Math.floor(Math.random() * 500);
/** A photo of a person no other test uses (a width of its own; never 999, the OCR outage). */
export function uniqueCardPhoto(height = 120): Buffer {
  widthCounter += 1;
  if (widthCounter === 999) widthCounter += 1;
  return cardPhoto({ width: widthCounter, height });
}

/** start -> parts -> finish; the finished upload's id, or throws with the refusal. */
export async function uploadPhoto(client: ApiClient, bytes: Buffer, purpose: 'idcard-portrait' | 'idcard-emblem' | 'face'): Promise<string> {
  const start = (await client.call('/v1/upload/start', { purpose, size: bytes.length })).response as ApiResponse<{ uploadId: string }>;
  if (start.code !== '200' || !start.data) throw new Error(`upload/start answered ${JSON.stringify(start)}`);
  const { uploadId } = start.data;
  for (let index = 0; index * UPLOAD_PART_MAX_BYTES < bytes.length; index += 1) {
    const part = bytes.subarray(index * UPLOAD_PART_MAX_BYTES, (index + 1) * UPLOAD_PART_MAX_BYTES);
    const answer = (await client.call('/v1/upload/part', { uploadId, index, bytes: toBase64(part) })).response;
    if (answer?.code !== '200') throw new Error(`upload/part answered ${JSON.stringify(answer)}`);
  }
  const finish = (await client.call('/v1/upload/finish', { uploadId, sha256: createHash('sha256').update(bytes).digest('hex') })).response;
  if (finish?.code !== '200') throw new Error(`upload/finish answered ${JSON.stringify(finish)}`);
  return uploadId;
}

/** Uploads a photo of `side` and reads it with idcard-ocr; the answer. */
export async function readSide(client: ApiClient, side: 'portrait' | 'emblem', bytes: Buffer): Promise<ApiResponse> {
  const uploadId = await uploadPhoto(client, bytes, side === 'portrait' ? 'idcard-portrait' : 'idcard-emblem');
  return (await client.call('/v1/user/idcard-ocr', { uploadId, side })).response!;
}
