// Photo uploads through the real envelope (docs/protocol.md §14): parts sealed like any call, then the
// image rules at finish, encryption at rest, ownership, order, replay, races, expiry and deregistration.
import { createHash } from 'node:crypto';
import {
  UPLOAD_PART_MAX_BYTES,
  toBase64,
  type ApiResponse,
  startUpload,
  uploadPart,
  finishUpload,
  checkLogin,
  sendSmsCode,
  cancelAccount,
} from '@tyd/protocol';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestCode, signUp, testClock, type TestClock } from '../support/accounts.js';
import type { ApiClient, EndpointPayload } from '../support/api-client.js';
import { createSession, createUser, uniquePhone } from '../support/factories.js';
import { GPS_TRACE, cameraJpeg, heicPhoto, pngClaiming, pngWithText } from '../support/test-images.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { ENGINES, itSqliteOnly } from '../support/test-databases.js';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

interface UploadAnswers {
  uploadId: string;
  start: ApiResponse;
  parts: ApiResponse[];
  finish: ApiResponse | undefined;
}

/** start -> parts in order -> finish, stopping at the first refusal. */
async function upload(
  client: ApiClient,
  bytes: Buffer,
  opts: { purpose?: EndpointPayload<typeof startUpload>['purpose']; size?: number; sha?: string } = {},
): Promise<UploadAnswers> {
  const start = (await client.call(startUpload, { purpose: opts.purpose ?? 'idcard-portrait', size: opts.size ?? bytes.length })).response!;
  const uploadId = (start.data as { uploadId?: string } | undefined)?.uploadId ?? '';
  const answers: UploadAnswers = { uploadId, start, parts: [], finish: undefined };
  if (start.code !== '200') return answers;
  for (let index = 0; index * UPLOAD_PART_MAX_BYTES < bytes.length; index += 1) {
    const part = bytes.subarray(index * UPLOAD_PART_MAX_BYTES, (index + 1) * UPLOAD_PART_MAX_BYTES);
    const answer = (await client.call(uploadPart, { uploadId, index, bytes: toBase64(part) })).response!;
    answers.parts.push(answer);
    if (answer.code !== '200') return answers;
  }
  answers.finish = (await client.call(finishUpload, { uploadId, sha256: opts.sha ?? sha256(bytes) })).response!;
  return answers;
}

// PostgreSQL runs the journey, the parallel parts and bursts, encryption at rest and erasure; the checks of
// one request at a time (itSqliteOnly) run on SQLite only (docs/operations.md "Test suite").
describe.each(ENGINES)('photo uploads on %s', (engine) => {
  let t: TestApp;
  let clock: TestClock;
  beforeAll(async () => {
    clock = testClock();
    t = await startTestApp({ engine, clock, env: { HUMAN_CHECK_IP_PER_HOUR: '100000', UPLOAD_MAX_LIVE_PER_USER: '4' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function loggedIn(): Promise<{ client: ApiClient; userId: string }> {
    const user = await createUser(t.app.accounts.repos, { now: clock() });
    const client = await t.client();
    client.accessToken = (await createSession(t.app.accounts.repos, user, { now: clock() })).accessToken;
    return { client, userId: user.id };
  }
  const rowsOf = async (userId: string) =>
    (await sql<{ id: string; content_enc: string | null }>`select id, content_enc from uploads where user_id = ${userId}`.execute(t.app.database.db)).rows;
  const partCount = async () => Number((await sql<{ n: number }>`select count(*) as n from upload_parts`.execute(t.app.database.db)).rows[0]?.n);

  it('takes a 600 KB camera JPEG in three sealed parts, stores it encrypted and without EXIF, GPS or comments', async () => {
    const { client, userId } = await loggedIn();
    const photo = cameraJpeg({ orientation: 6, minBytes: 600_000 });
    const answers = await upload(client, photo);
    expect(answers.parts.map((p) => p.data)).toEqual([
      { nextIndex: 1, receivedBytes: UPLOAD_PART_MAX_BYTES },
      { nextIndex: 2, receivedBytes: 2 * UPLOAD_PART_MAX_BYTES },
      { nextIndex: 3, receivedBytes: photo.length },
    ]);
    expect(answers.finish).toMatchObject({
      code: '200',
      data: { uploadId: answers.uploadId, purpose: 'idcard-portrait', contentType: 'image/jpeg', width: 32, height: 24 },
    });
    const [row] = await rowsOf(userId);
    // At rest: ciphertext only, and the parts are gone.
    expect(row?.content_enc).toMatch(/^v1\./);
    expect(row?.content_enc).not.toContain(GPS_TRACE);
    expect(row?.content_enc).not.toContain(photo.subarray(0, 48).toString('base64url'));
    expect(await partCount()).toBe(0);
    const stored = await t.app.uploads.claim(userId, answers.uploadId, ['idcard-portrait'], clock());
    expect(stored).toMatchObject({ contentType: 'image/jpeg', width: 32, height: 24, orientation: 6 });
    expect((answers.finish?.data as { storedBytes: number }).storedBytes).toBe(stored.bytes.length);
    for (const trace of ['Exif', GPS_TRACE, 'xmpmeta', 'comment']) expect(stored.bytes.toString('latin1')).not.toContain(trace);
    expect(stored.bytes.subarray(0, 2).toString('hex')).toBe('ffd8');
    expect(stored.bytes.subarray(-2).toString('hex')).toBe('ffd9');
    // Taken once: a second claim, or one for another purpose, finds nothing.
    await expect(t.app.uploads.claim(userId, answers.uploadId, ['idcard-portrait'], clock())).rejects.toMatchObject({ subcode: '4406' });
  });

  it('keeps parts encrypted at rest before finish', async () => {
    const { client } = await loggedIn();
    const photo = pngWithText();
    const start = await client.call(startUpload, { purpose: 'face', size: photo.length });
    const uploadId = (start.response?.data as { uploadId: string }).uploadId;
    expect((await client.call(uploadPart, { uploadId, index: 0, bytes: toBase64(photo) })).response?.code).toBe('200');
    const rows = (await sql<{ bytes_enc: string }>`select bytes_enc from upload_parts where upload_id = ${uploadId}`.execute(t.app.database.db)).rows;
    expect(rows).toHaveLength(1);
    expect(rows[0]?.bytes_enc).not.toContain(photo.subarray(0, 48).toString('base64url'));
    expect(Buffer.from(rows[0]!.bytes_enc, 'latin1').includes(Buffer.from(GPS_TRACE))).toBe(false);
    const finish = await client.call(finishUpload, { uploadId, sha256: sha256(photo) });
    expect(finish.response).toMatchObject({ code: '200', data: { contentType: 'image/png', width: 16, height: 12, purpose: 'face' } });
  });

  itSqliteOnly(engine)('refuses what is not a photo with its own code and keeps nothing', async () => {
    const { client, userId } = await loggedIn();
    const gif = await upload(client, Buffer.from('GIF89a' + 'x'.repeat(2_000)));
    expect(gif.parts[0]).toMatchObject({ code: '400', subcode: '4402', submsg: '请上传JPG或PNG格式的照片' });
    const heic = await upload(client, heicPhoto());
    expect(heic.parts[0]).toMatchObject({ code: '400', subcode: '4403', submsg: '暂不支持HEIC格式的照片，请上传JPG格式的照片' });
    const truncated = cameraJpeg();
    const cut = await upload(client, truncated.subarray(0, truncated.length - 2));
    expect(cut.finish).toMatchObject({ code: '400', subcode: '4405' });
    const bomb = await upload(client, pngClaiming(100_000, 100_000));
    expect(bomb.finish).toMatchObject({ code: '400', subcode: '4404', submsg: '照片尺寸过大，请压缩后重新上传' });
    expect(await rowsOf(userId)).toEqual([]);
    expect(await partCount()).toBe(0);
  });

  itSqliteOnly(engine)('refuses 20 MB at start, and parts beyond the declared size', async () => {
    const { client, userId } = await loggedIn();
    const big = await client.call(startUpload, { purpose: 'face', size: 20 * 1_048_576 });
    expect(big.response).toMatchObject({ code: '413', subcode: '4401', data: { maxBytes: 8 * 1_048_576 } });
    const photo = cameraJpeg({ minBytes: 300_000 });
    const liar = await upload(client, photo, { size: 1_000 });
    expect(liar.parts[0]).toMatchObject({ code: '413', subcode: '4401' });
    expect(await rowsOf(userId)).toEqual([]);
  });

  itSqliteOnly(engine)('refuses a body over the part limit, and keeps 64 KiB for every other endpoint', async () => {
    const { client } = await loggedIn();
    const prepared = await client.prepare(uploadPart, {}, { raw: true });
    const huge = await fetch(prepared.url, { method: 'POST', headers: prepared.headers, body: JSON.stringify({ data: 'A'.repeat(600_000) }) });
    expect(huge.status).toBe(413);
    const other = await client.prepare(checkLogin, {});
    const big = await fetch(other.url, { method: 'POST', headers: other.headers, body: JSON.stringify({ data: 'A'.repeat(100_000) }) });
    expect(big.status).toBe(413);
  });

  itSqliteOnly(engine)('discards the upload when the hash or the size does not match', async () => {
    const { client, userId } = await loggedIn();
    const photo = cameraJpeg({ minBytes: 300_000 });
    const wrong = await upload(client, photo, { sha: sha256(Buffer.from('another photo')) });
    expect(wrong.finish).toMatchObject({ code: '400', subcode: '4408' });
    expect(await rowsOf(userId)).toEqual([]);
    expect((await client.call(finishUpload, { uploadId: wrong.uploadId, sha256: sha256(photo) })).response?.subcode).toBe('4406');
    // Finish before the last part: the size does not match.
    const start = await client.call(startUpload, { purpose: 'face', size: photo.length });
    const uploadId = (start.response?.data as { uploadId: string }).uploadId;
    await client.call(uploadPart, { uploadId, index: 0, bytes: toBase64(photo.subarray(0, UPLOAD_PART_MAX_BYTES)) });
    expect((await client.call(finishUpload, { uploadId, sha256: sha256(photo) })).response?.subcode).toBe('4408');
    expect(await rowsOf(userId)).toEqual([]);
  });

  itSqliteOnly(engine)('takes parts in order only: a replayed request, a resent part and a part out of order are refused', async () => {
    const { client } = await loggedIn();
    const photo = cameraJpeg({ minBytes: 600_000 });
    const start = await client.call(startUpload, { purpose: 'idcard-emblem', size: photo.length });
    const uploadId = (start.response?.data as { uploadId: string }).uploadId;
    const part = (index: number) => ({ uploadId, index, bytes: toBase64(photo.subarray(index * UPLOAD_PART_MAX_BYTES, (index + 1) * UPLOAD_PART_MAX_BYTES)) });
    expect((await client.call(uploadPart, part(1))).response).toMatchObject({ code: '409', subcode: '4407', data: { nextIndex: 0 } });
    const first = await client.prepare(uploadPart, part(0));
    expect((await client.send(first)).response?.code).toBe('200');
    // The very same request again (same nonce): the pipeline's replay check.
    expect((await client.send(first)).response).toMatchObject({ code: '400', subcode: '4002' });
    // The same part in a new request (a retry after a lost answer): it tells where to go on.
    expect((await client.call(uploadPart, part(0))).response).toMatchObject({ code: '409', subcode: '4407', data: { nextIndex: 1 } });
    expect((await client.call(uploadPart, part(2))).response).toMatchObject({ code: '409', subcode: '4407', data: { nextIndex: 1 } });
    expect((await client.call(uploadPart, part(1))).response?.code).toBe('200');
    expect((await client.call(uploadPart, part(2))).response?.code).toBe('200');
    expect((await client.call(finishUpload, { uploadId, sha256: sha256(photo) })).response?.code).toBe('200');
  });

  it('takes each index once when the same part arrives in parallel', async () => {
    const { client } = await loggedIn();
    const photo = cameraJpeg({ minBytes: 300_000 });
    const start = await client.call(startUpload, { purpose: 'face', size: photo.length });
    const uploadId = (start.response?.data as { uploadId: string }).uploadId;
    const bytes = toBase64(photo.subarray(0, UPLOAD_PART_MAX_BYTES));
    const answers = await Promise.all(Array.from({ length: 8 }, () => client.call(uploadPart, { uploadId, index: 0, bytes })));
    expect(answers.filter((a) => a.response?.code === '200')).toHaveLength(1);
    expect(answers.filter((a) => a.response?.subcode === '4407')).toHaveLength(7);
    const rows = (await sql<{ n: number }>`select count(*) as n from upload_parts where upload_id = ${uploadId}`.execute(t.app.database.db)).rows;
    expect(Number(rows[0]?.n)).toBe(1);
  });

  itSqliteOnly(engine)("refuses parts and finish for another account's upload, which stays intact", async () => {
    const owner = await loggedIn();
    const stranger = await loggedIn();
    const photo = pngWithText();
    const start = await owner.client.call(startUpload, { purpose: 'face', size: photo.length });
    const uploadId = (start.response?.data as { uploadId: string }).uploadId;
    const forged = await stranger.client.call(uploadPart, { uploadId, index: 0, bytes: toBase64(photo) });
    expect(forged.response).toMatchObject({ code: '400', subcode: '4406', submsg: '上传已失效，请重新上传' });
    expect((await stranger.client.call(finishUpload, { uploadId, sha256: sha256(photo) })).response?.subcode).toBe('4406');
    expect((await owner.client.call(uploadPart, { uploadId, index: 0, bytes: toBase64(photo) })).response?.code).toBe('200');
    expect((await owner.client.call(finishUpload, { uploadId, sha256: sha256(photo) })).response?.code).toBe('200');
    await expect(t.app.uploads.claim(stranger.userId, uploadId, ['face'], clock())).rejects.toMatchObject({ subcode: '4406' });
    const anonymous = await t.client();
    expect((await anonymous.call(startUpload, { purpose: 'face', size: 100 })).response?.code).toBe('401');
  });

  it('holds an account to its number of live uploads, also under a parallel burst', async () => {
    const { client, userId } = await loggedIn();
    const answers = await Promise.all(Array.from({ length: 12 }, () => client.call(startUpload, { purpose: 'face', size: 1_000 })));
    const taken = answers.filter((a) => a.response?.code === '200').length;
    // Exactly the limit: starts of one account are serialised, so none is lost and none is extra.
    expect(taken).toBe(4);
    expect((await rowsOf(userId)).length).toBe(taken);
    expect(answers.find((a) => a.response?.code !== '200')?.response).toMatchObject({ code: '429', subcode: '4409' });
  });

  itSqliteOnly(engine)('lets an unused upload expire, and prunes it', async () => {
    const { client, userId } = await loggedIn();
    const photo = pngWithText();
    const done = await upload(client, photo);
    const open = await client.call(startUpload, { purpose: 'face', size: photo.length });
    const openId = (open.response?.data as { uploadId: string }).uploadId;
    clock.advance(t.config.uploads.ttlMs + 1);
    expect((await client.call(uploadPart, { uploadId: openId, index: 0, bytes: toBase64(photo) })).response?.subcode).toBe('4406');
    await expect(t.app.uploads.claim(userId, done.uploadId, ['idcard-portrait'], clock())).rejects.toMatchObject({ subcode: '4406' });
    expect((await rowsOf(userId)).length).toBe(2);
    expect(await t.app.uploads.prune(clock())).toBeGreaterThanOrEqual(2);
    expect(await rowsOf(userId)).toEqual([]);
  });

  it('deletes the account’s uploads with the account at deregistration', async () => {
    // Parts of other tests' open uploads may remain (on PostgreSQL the pruning test does not run before this one).
    const othersParts = await partCount();
    const phone = uniquePhone();
    const client = await t.client();
    await signUp(client, t.baseUrl, phone);
    const user = await t.app.accounts.repos.users.findByPhone(phone);
    if (!user) throw new Error('no user');
    const done = await upload(client, pngWithText());
    expect(done.finish?.code).toBe('200');
    const open = await client.call(startUpload, { purpose: 'face', size: 5_000 });
    await client.call(uploadPart, { uploadId: (open.response?.data as { uploadId: string }).uploadId, index: 0, bytes: toBase64(cameraJpeg()) });
    expect((await rowsOf(user.id)).length).toBe(2);
    clock.advance(61_000);
    expect((await client.call(sendSmsCode, { purpose: 'deregister' })).response?.code).toBe('200');
    expect((await client.call(cancelAccount, { smsCode: await latestCode(t.baseUrl, phone) })).response?.code).toBe('200');
    expect(await rowsOf(user.id)).toEqual([]);
    expect(await partCount()).toBe(othersParts);
  });
});
