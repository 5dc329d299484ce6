// Identity certification in tests: ID card photos for the sandbox OCR (docs/sandbox.md), the upload
// of a photo through the real sealed parts (docs/protocol.md §14), and the steps of certification as a
// user takes them (docs/api.md "Identity certification").
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import {
  UPLOAD_PART_MAX_BYTES,
  certification,
  finishUpload,
  h5FaceUrl,
  idcardOcr,
  startUpload,
  toBase64,
  uploadPart,
  type ApiResponse,
  type Endpoint,
  type EndpointResponseData,
} from '@tyd/protocol';
import { expect } from 'vitest';
import type { ApiClient, EndpointPayload, PayloadArg } from './api-client.js';
import { createSession, createUser } from './factories.js';
import type { TestApp } from './test-app.js';

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
  const start = (await client.call(startUpload, { purpose, size: bytes.length })).response as ApiResponse<{ uploadId: string }>;
  if (start.code !== '200' || !start.data) throw new Error(`upload/start answered ${JSON.stringify(start)}`);
  const { uploadId } = start.data;
  for (let index = 0; index * UPLOAD_PART_MAX_BYTES < bytes.length; index += 1) {
    const part = bytes.subarray(index * UPLOAD_PART_MAX_BYTES, (index + 1) * UPLOAD_PART_MAX_BYTES);
    const answer = (await client.call(uploadPart, { uploadId, index, bytes: toBase64(part) })).response;
    if (answer?.code !== '200') throw new Error(`upload/part answered ${JSON.stringify(answer)}`);
  }
  const finish = (await client.call(finishUpload, { uploadId, sha256: createHash('sha256').update(bytes).digest('hex') })).response;
  if (finish?.code !== '200') throw new Error(`upload/finish answered ${JSON.stringify(finish)}`);
  return uploadId;
}

/** Uploads a photo of `side` and reads it with idcard-ocr; the answer. */
export async function readSide(client: ApiClient, side: 'portrait' | 'emblem', bytes: Buffer): Promise<ApiResponse> {
  const uploadId = await uploadPhoto(client, bytes, side === 'portrait' ? 'idcard-portrait' : 'idcard-emblem');
  return (await client.call(idcardOcr, { uploadId, side })).response!;
}

/** The sandbox face session id in the address h5-face-url answered (`/sandbox/face?session=…`). */
export const faceSessionOf = (url: string): string => new URL(url, 'http://sandbox.invalid').searchParams.get('session') ?? '';

/**
 * The steps of certification against one test app (read lazily: it starts in beforeAll) and its clock:
 * a logged-in account, calls, both sides read and confirmed, the sandbox face page.
 */
export function certificationSteps(app: () => TestApp, clock: () => number) {
  const call = async <E extends Endpoint>(client: ApiClient, endpoint: E, ...[payload]: PayloadArg<E>): Promise<ApiResponse<EndpointResponseData<E>>> =>
    (await client.call(endpoint, (payload ?? {}) as EndpointPayload<E>)).response!;

  /** A new account with a session at the clock's time. */
  async function loggedIn(): Promise<{ client: ApiClient; userId: string }> {
    const t = app();
    const user = await createUser(t.app.accounts.repos, { now: clock() });
    const client = await t.client();
    client.accessToken = (await createSession(t.app.accounts.repos, user, { now: clock() })).accessToken;
    return { client, userId: user.id };
  }

  /** The sandbox page's 完成检测 for a session; the HTTP status (404: unknown or expired). */
  async function completeFace(sessionId: string): Promise<number> {
    return (await fetch(`${app().baseUrl}/sandbox/face/complete?session=${sessionId}`, { method: 'POST' })).status;
  }

  /** Both sides read and confirmed; the portrait's answer. */
  async function confirmed(client: ApiClient, portrait: Buffer = uniqueCardPhoto()): Promise<ApiResponse> {
    const read = await readSide(client, 'portrait', portrait);
    expect(read.code, JSON.stringify(read)).toBe('200');
    expect((await readSide(client, 'emblem', cardPhoto())).code).toBe('200');
    const certified = await call(client, certification, { name: '沙盒用户', address: '北京市东城区沙盒路1号' });
    expect(certified.code, JSON.stringify(certified)).toBe('200');
    return read;
  }

  /** h5-face-url, then the sandbox page's 完成检测, as the user's browser would; h5-face-url's answer. */
  async function faceDone(client: ApiClient, complete = true): Promise<ApiResponse> {
    const started = await call(client, h5FaceUrl);
    expect(started.code, JSON.stringify(started)).toBe('200');
    if (complete) expect(await completeFace(faceSessionOf((started.data as { url: string }).url))).toBe(200);
    return started;
  }

  return { call, loggedIn, completeFace, confirmed, faceDone };
}
