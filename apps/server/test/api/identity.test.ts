// Identity certification through the real envelope (docs/api.md "Identity certification"): the state
// machine end to end with the sandbox providers, every face outcome, refusals of the OCR step, bad input,
// one identity per account (under parallel certifications, and at the portrait already), the face tries
// cap under parallel requests, encryption at rest, what deregistration deletes and keeps, and the /nfc
// catalogue. Both engines. The other transitions of the state machine: identity-transitions.test.ts.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestCode, signUp, testClock } from '../support/accounts.js';
import { uniquePhone } from '../support/factories.js';
import { cardPhoto, certificationSteps, readSide, uniqueCardPhoto, uploadPhoto } from '../support/identity.js';
import { requireVerifiedIdentity } from '../../src/identity/identity-module.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { ENGINES, itSqliteOnly } from '../support/test-databases.js';
import {
  certificationInfo,
  certification,
  h5FaceVerify,
  messageList,
  h5FaceUrl,
  idcardOcr,
  idcardReadings,
  sendSmsCode,
  cancelAccount,
  phoneBrandList,
  phoneTypeList,
} from '@tyd/protocol';
import { refusalData } from '../support/api-client.js';

const HOUR_MS = 3_600_000;

// PostgreSQL runs the journey to verified (encryption at rest read from the row), two parallel
// certifications of one number (the number's unique constraint, then the claim taken over past its hold), the
// face tries cap under parallel requests, and deregistration's erasure; the checks of one request at a time
// (itSqliteOnly) run on SQLite only (docs/operations.md "Test suite").
describe.each(ENGINES)('identity certification on %s', (engine) => {
  let t: TestApp;
  const clock = testClock();
  beforeAll(async () => {
    t = await startTestApp({ engine, clock, env: { HUMAN_CHECK_IP_PER_HOUR: '100000', FACE_TRIES_PER_DAY: '3', UPLOAD_MAX_LIVE_PER_USER: '50' } });
  });
  afterAll(async () => {
    await t?.close();
  });
  const { call, loggedIn, confirmed, faceDone } = certificationSteps(() => t, clock);

  it('goes from not started to verified, with masked fields on the way', async () => {
    const { client, userId } = await loggedIn();
    expect(await call(client, certificationInfo)).toMatchObject({
      code: '200',
      data: { state: 'not-started', documents: { portrait: false, emblem: false }, name: null, idNumber: null, faceTriesLeft: 3 },
    });
    const portrait = await readSide(client, 'portrait', uniqueCardPhoto());
    expect(portrait).toMatchObject({ code: '200', data: { side: 'portrait', state: 'not-started', name: '沙盒用户', ethnicity: '汉', warnings: [] } });
    const idNumber = (portrait.data as { idNumber: string }).idNumber;
    expect(idNumber).toMatch(/^110101\d{11}[\dX]$/);
    expect(await readSide(client, 'emblem', cardPhoto())).toMatchObject({
      code: '200',
      data: { side: 'emblem', state: 'documents-read', validTo: '2040-01-01' },
    });
    // The name corrected by the holder (a minority name with its middle dot).
    const certified = await call(client, certification, { name: '阿卜杜·热合曼', address: '北京市东城区沙盒路2号' });
    expect(certified).toMatchObject({
      code: '200',
      data: { state: 'identity-confirmed', name: '阿*****曼', idNumber: `110***********${idNumber.slice(-4)}`, validTo: '2040-01-01' },
    });

    // Confirmed is not verified: other capabilities are refused until the face check passed.
    await expect(requireVerifiedIdentity(t.app, userId)).rejects.toMatchObject({ code: '403', subcode: '4611' });
    const started = await faceDone(client, false);
    expect(started.data).toMatchObject({ faceTriesLeft: 2, expiresAt: clock() + 30 * 60_000 });
    const pageUrl = (started.data as { url: string }).url;
    expect(pageUrl).toMatch(/^\/sandbox\/face\?session=[A-Za-z0-9_-]+$/);
    // The sandbox's own face page: a camera preview under its own CSP, returning to our fixed page.
    const page = await fetch(`${t.baseUrl}${pageUrl}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toMatch(/script-src 'nonce-/);
    const html = await page.text();
    expect(html).toContain('getUserMedia');
    expect(html).toContain('"returnUrl":"/mine/identity/face-return"');
    expect((await fetch(`${t.baseUrl}${pageUrl}`, { method: 'POST' })).status).toBe(404);
    expect(await call(client, certificationInfo)).toMatchObject({ data: { state: 'face-pending' } });
    const session = new URL(pageUrl, t.baseUrl).searchParams.get('session');
    const done = await fetch(`${t.baseUrl}/sandbox/face/complete?session=${session}`, { method: 'POST' });
    expect(await done.json()).toMatchObject({ returnUrl: '/mine/identity/face-return' });

    const verified = await call(client, h5FaceVerify);
    expect(verified).toMatchObject({ code: '200', data: { state: 'verified', verifiedAt: clock(), failure: null } });
    // A repeated return (the user reloads the result page): the same answer.
    expect(await call(client, h5FaceVerify)).toMatchObject({ code: '200', data: { state: 'verified' } });
    // The result is in the user's messages, once, however often the result page is reloaded.
    const messages = (await call(client, messageList)).data as { items: Array<{ kind: string; title: string; link: string | null }> };
    expect(messages.items.filter((m) => m.kind === 'identity')).toEqual([expect.objectContaining({ title: '实名认证已通过', link: '/mine/identity' })]);
    expect(await requireVerifiedIdentity(t.app, userId)).toMatchObject({ name: '阿卜杜·热合曼', idNumber, address: '北京市东城区沙盒路2号' });
    // Verified is final: no second identity, no new documents, no new face session.
    expect(await call(client, certification, { name: '沙盒用户', address: '北京市东城区沙盒路1号' })).toMatchObject({ code: '409', subcode: '4606' });
    expect(await readSide(client, 'portrait', uniqueCardPhoto())).toMatchObject({ code: '409', subcode: '4606' });
    expect(await call(client, h5FaceUrl)).toMatchObject({ code: '409', subcode: '4606' });

    // At rest: no name, number or address in clear anywhere in the row.
    const row = (await sql<Record<string, unknown>>`select * from identities where user_id = ${userId}`.execute(t.app.database.db)).rows[0];
    const text = JSON.stringify(row);
    for (const secret of [idNumber, idNumber.slice(6, 14), '阿卜杜', '热合曼', '沙盒用户', '沙盒路', '东城']) expect(text).not.toContain(secret);
    expect(row?.identity_enc).toMatch(/^v1\./);
    expect(row?.id_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  itSqliteOnly(engine).each([
    [990, '4503', 'identity-not-found', 'recheck-documents'],
    [991, '4504', 'face-mismatch', 'retry-face'],
    [992, '4609', 'liveness', 'retry-face'],
  ])('maps the sandbox face outcome of sequence %i to %s', async (sequence, subcode, reason, next) => {
    const { client } = await loggedIn();
    const read = await confirmed(client, uniqueCardPhoto(sequence));
    expect((read.data as { idNumber: string }).idNumber.slice(14, 17)).toBe(String(sequence));
    await faceDone(client);
    expect(await call(client, h5FaceVerify)).toMatchObject({ code: '400', subcode });
    expect(await call(client, certificationInfo)).toMatchObject({ data: { state: 'failed', failure: { reason, next } } });
    const messages = (await call(client, messageList)).data as { items: Array<{ kind: string; title: string }> };
    expect(messages.items.filter((m) => m.kind === 'identity')).toEqual([expect.objectContaining({ title: '实名认证未通过' })]);
    // The result was taken: asking again has nothing to ask about.
    expect(await call(client, h5FaceVerify)).toMatchObject({ code: '409', subcode: '4615' });
  });

  itSqliteOnly(engine)('answers 4501 when the face provider is down (sequence 993), and the state and the tries stay', async () => {
    const { client } = await loggedIn();
    await confirmed(client, uniqueCardPhoto(993));
    expect(await call(client, h5FaceUrl)).toMatchObject({ code: '502', subcode: '4501' });
    // No session was opened: the try is not spent (only a call whose session is kept spends one).
    expect(await call(client, certificationInfo)).toMatchObject({ data: { state: 'identity-confirmed', faceTriesLeft: 3 } });
  });

  itSqliteOnly(engine)('an abandoned face check is 4608, and a result that comes later still passes', async () => {
    const { client } = await loggedIn();
    await confirmed(client);
    const started = await faceDone(client, false);
    expect(await call(client, h5FaceVerify)).toMatchObject({ code: '400', subcode: '4608' });
    expect(await call(client, certificationInfo)).toMatchObject({ data: { state: 'failed', failure: { reason: 'abandoned', next: 'retry-face' } } });
    const session = new URL((started.data as { url: string }).url, t.baseUrl).searchParams.get('session');
    await fetch(`${t.baseUrl}/sandbox/face/complete?session=${session}`, { method: 'POST' });
    expect(await call(client, h5FaceVerify)).toMatchObject({ code: '200', data: { state: 'verified' } });
  });

  itSqliteOnly(engine)('never trusts the return: a forged query or payload proves nothing, and no session is 4615', async () => {
    const { client } = await loggedIn();
    expect(await call(client, h5FaceVerify)).toMatchObject({ code: '409', subcode: '4615' });
    await confirmed(client);
    await faceDone(client, false);
    // What a forged return address could carry is no field of the request.
    expect((await client.call(h5FaceVerify, { result: 'passed', BizToken: 'x' }, { raw: true })).response).toMatchObject({ code: '400', subcode: '4009' });
    expect(await call(client, h5FaceVerify)).toMatchObject({ code: '400', subcode: '4608' });
    // A replayed sealed request is refused by the pipeline (nonce), not answered twice.
    const prepared = await client.prepare(h5FaceVerify, {});
    expect((await client.send(prepared)).response).toMatchObject({ code: '400', subcode: '4608' });
    expect((await client.send(prepared)).response).toMatchObject({ code: '400', subcode: '4002' });
  });

  itSqliteOnly(engine).each([
    ['portrait', 901, '4612'],
    ['emblem', 902, '4612'],
    ['portrait', 903, '4613'],
    ['portrait', 904, '4614'],
    ['emblem', 905, '4604'],
    ['portrait', 917, '4603'],
    ['portrait', 961, '4603'],
    ['portrait', 918, '4602'],
    ['portrait', 919, '4601'],
    ['portrait', 80, '4502'],
  ] as const)('refuses a %s photo %i px high with %s', async (side, height, subcode) => {
    const { client, userId } = await loggedIn();
    const answer = await readSide(client, side, cardPhoto({ width: 160, height }));
    expect(answer).toMatchObject({ code: '400', subcode });
    if (subcode === '4603') expect(answer.data).toEqual({ minAge: 18, maxAge: 60 });
    if (subcode === '4614') expect(answer.data).toEqual({ expectedSide: side });
    expect(await call(client, certificationInfo)).toMatchObject({ data: { state: 'not-started', documents: { portrait: false, emblem: false } } });
    // A refused photo is not kept.
    expect((await sql`select id from uploads where user_id = ${userId}`.execute(t.app.database.db)).rows).toEqual([]);
  });

  itSqliteOnly(engine)('passes quality warnings on, reads long-term cards, and answers 4501 when the OCR is down', async () => {
    const { client, userId } = await loggedIn();
    for (const [height, warning] of [
      [906, 'cropped'],
      [907, 'blurred'],
      [908, 'glare'],
      [909, 'occluded'],
    ] as const) {
      expect(await readSide(client, 'portrait', cardPhoto({ width: 170, height }))).toMatchObject({ code: '200', data: { warnings: [warning] } });
    }
    expect(await readSide(client, 'emblem', cardPhoto({ height: 920 }))).toMatchObject({
      code: '200',
      data: { validTo: 'long-term', state: 'documents-read' },
    });
    expect(await readSide(client, 'emblem', cardPhoto({ width: 999 }))).toMatchObject({ code: '502', subcode: '4501' });
    // One photo kept per side: each side read again replaced the previous photo (refused ones are not kept either).
    const photos = (await sql<{ purpose: string }>`select purpose from uploads where user_id = ${userId} and used_at is not null`.execute(t.app.database.db))
      .rows;
    expect(photos.map((p) => p.purpose).sort()).toEqual(['idcard-emblem', 'idcard-portrait']);
  });

  itSqliteOnly(engine)('refuses bad input: malformed, wrong types, oversized, someone else’s or the wrong kind of upload, steps out of order', async () => {
    const { client } = await loggedIn();
    const other = await loggedIn();
    const theirs = await uploadPhoto(other.client, uniqueCardPhoto(), 'idcard-portrait');
    expect(await call(client, idcardOcr, { uploadId: theirs, side: 'portrait' })).toMatchObject({ code: '400', subcode: '4406' });
    // Still theirs, unused.
    expect(await call(other.client, idcardOcr, { uploadId: theirs, side: 'portrait' })).toMatchObject({ code: '200' });
    const emblemUpload = await uploadPhoto(client, cardPhoto(), 'idcard-emblem');
    expect(await call(client, idcardOcr, { uploadId: emblemUpload, side: 'portrait' })).toMatchObject({ code: '400', subcode: '4406' });
    for (const payload of [
      { uploadId: emblemUpload, side: 'back' },
      { uploadId: 42, side: 'portrait' },
      { uploadId: emblemUpload },
      { uploadId: emblemUpload, side: 'emblem', idNumber: '110101199003079905' },
    ]) {
      expect((await client.call(idcardOcr, payload, { raw: true })).response, JSON.stringify(payload)).toMatchObject({ code: '400', subcode: '4009' });
    }
    for (const payload of [
      { name: '张'.repeat(31), address: '北京市东城区沙盒路1号' },
      { name: 'Zhang San', address: '北京市东城区沙盒路1号' },
      { name: '张三', address: '北'.repeat(121) },
      { name: ['张三'], address: '北京市东城区沙盒路1号' },
    ]) {
      expect((await client.call(certification, payload, { raw: true })).response).toMatchObject({ code: '400', subcode: '4009' });
    }
    expect(await call(client, certification, { name: '张三', address: '北京市东城区沙盒路1号' })).toMatchObject({
      code: '409',
      subcode: '4610',
      data: { state: 'not-started' },
    });
    expect(await call(client, h5FaceUrl)).toMatchObject({ code: '409', subcode: '4610' });
    expect((await client.call(h5FaceUrl, { returnUrl: 'https://evil.example/' }, { raw: true })).response).toMatchObject({ code: '400', subcode: '4009' });
    const anonymous = await t.client();
    expect(await call(anonymous, certificationInfo)).toMatchObject({ code: '401' });
  });

  it('gives one identity to one account: of two parallel certifications of the same number exactly one wins', async () => {
    const photo = uniqueCardPhoto();
    const a = await loggedIn();
    const b = await loggedIn();
    for (const { client } of [a, b]) {
      expect((await readSide(client, 'portrait', photo)).code).toBe('200');
      expect((await readSide(client, 'emblem', cardPhoto())).code).toBe('200');
    }
    const answers = await Promise.all([a, b].map(({ client }) => call(client, certification, { name: '沙盒用户', address: '北京市东城区沙盒路1号' })));
    expect(answers.map((r) => r.code).sort()).toEqual(['200', '409']);
    expect(answers.find((r) => r.code === '409')).toMatchObject({ subcode: '4605', submsg: '该身份证已在其他账号完成实名认证' });
    const [winner, loser] = answers[0]?.code === '200' ? [a, b] : [b, a];
    // Past the hold, an unverified claim may be taken over; a verified one never.
    clock.advance(25 * HOUR_MS);
    expect(await call(loser.client, certification, { name: '沙盒用户', address: '北京市东城区沙盒路1号' })).toMatchObject({ code: '200' });
    expect(await call(winner.client, certificationInfo)).toMatchObject({ data: { state: 'documents-read', name: null } });
    await faceDone(loser.client);
    expect(await call(loser.client, h5FaceVerify)).toMatchObject({ code: '200' });
    clock.advance(25 * HOUR_MS);
    expect(await call(winner.client, certification, { name: '沙盒用户', address: '北京市东城区沙盒路1号' })).toMatchObject({ code: '409', subcode: '4605' });
  });

  itSqliteOnly(engine)('refuses at the portrait already (4605) a number another account holds, and keeps nothing of it', async () => {
    const photo = uniqueCardPhoto();
    const holder = await loggedIn();
    await confirmed(holder.client, photo);
    const other = await loggedIn();
    const nothingKept = async () => {
      expect((await sql`select user_id from identities where user_id = ${other.userId}`.execute(t.app.database.db)).rows).toEqual([]);
      expect((await sql`select id from uploads where user_id = ${other.userId}`.execute(t.app.database.db)).rows).toEqual([]);
      expect(await call(other.client, idcardReadings)).toMatchObject({ code: '200', data: { state: 'not-started', portrait: null, emblem: null } });
    };
    // Claimed (identity-confirmed), within the hold.
    expect(await readSide(other.client, 'portrait', photo)).toMatchObject({ code: '409', subcode: '4605', submsg: '该身份证已在其他账号完成实名认证' });
    await nothingKept();
    // Verified.
    await faceDone(holder.client);
    expect(await call(holder.client, h5FaceVerify)).toMatchObject({ code: '200' });
    clock.advance(25 * HOUR_MS);
    expect(await readSide(other.client, 'portrait', photo)).toMatchObject({ code: '409', subcode: '4605' });
    await nothingKept();
  });

  itSqliteOnly(engine)('lets the portrait of a claim past its hold be read: the other account may take it over', async () => {
    const photo = uniqueCardPhoto();
    const holder = await loggedIn();
    await confirmed(holder.client, photo);
    clock.advance(25 * HOUR_MS);
    const other = await loggedIn();
    expect(await readSide(other.client, 'portrait', photo)).toMatchObject({ code: '200', data: { state: 'not-started' } });
    expect(await readSide(other.client, 'emblem', cardPhoto())).toMatchObject({ code: '200' });
    expect(await call(other.client, certification, { name: '沙盒用户', address: '北京市东城区沙盒路1号' })).toMatchObject({ code: '200' });
    expect(await call(holder.client, certificationInfo)).toMatchObject({ data: { state: 'documents-read', name: null } });
  });

  it('caps face checks per day under parallel requests, decided on the increment', async () => {
    const { client } = await loggedIn();
    await confirmed(client);
    const answers = await Promise.all(Array.from({ length: 8 }, () => call(client, h5FaceUrl)));
    // At most three tries reserved at once: the others are refused 429/4607. Of the reserved, a start whose
    // session another parallel start replaced before it was stored answers 409/4615 (docs/api.md "The state
    // machine") and gives its try back; at least one session is kept, and only kept ones spend a try.
    const refused = answers.filter((r) => r.code === '429');
    const kept = answers.filter((r) => r.code === '200');
    const lost = answers.filter((r) => r.code !== '200' && r.code !== '429');
    expect(refused.length).toBeGreaterThan(0);
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.length).toBeLessThanOrEqual(3);
    for (const r of lost) expect(r).toMatchObject({ code: '409', subcode: '4615', data: { state: 'face-pending' } });
    for (const r of refused) expect(r).toMatchObject({ code: '429', subcode: '4607' });
    expect(refusalData<{ retryAfterSeconds: number }>(refused[0]).retryAfterSeconds).toBeGreaterThan(0);
    expect(await call(client, certificationInfo)).toMatchObject({ data: { faceTriesLeft: 3 - kept.length } });
    // The tries not spent are still there, and three kept sessions in all use the day up.
    for (let i = kept.length; i < 3; i++) expect(await call(client, h5FaceUrl)).toMatchObject({ code: '200', data: { faceTriesLeft: 2 - i } });
    expect(await call(client, h5FaceUrl)).toMatchObject({ code: '429', subcode: '4607' });
    expect(await call(client, certificationInfo)).toMatchObject({ data: { faceTriesLeft: 0 } });
    // A new China day gives new tries.
    clock.advance(24 * HOUR_MS);
    expect(await call(client, h5FaceUrl)).toMatchObject({ code: '200', data: { faceTriesLeft: 2 } });
  });

  it('is deleted with the account, ID card photos included; a verified identity is kept in the retained record, encrypted, without them', async () => {
    const phone = uniquePhone();
    const client = await t.client();
    expect((await signUp(client, t.baseUrl, phone)).response?.code).toBe('200');
    const user = await t.app.accounts.repos.users.findByPhone(phone);
    const portrait = uniqueCardPhoto();
    const read = await confirmed(client, portrait);
    const idNumber = (read.data as { idNumber: string }).idNumber;
    await faceDone(client);
    expect(await call(client, h5FaceVerify)).toMatchObject({ code: '200' });
    // The photos idcard-ocr kept: the lender's copy of the identity document while the account exists.
    const photos = (
      await sql<{ id: string; purpose: string; content_enc: string | null }>`select id, purpose, content_enc from uploads where user_id = ${user!.id}`.execute(
        t.app.database.db,
      )
    ).rows;
    expect(photos.map((p) => p.purpose).sort()).toEqual(['idcard-emblem', 'idcard-portrait']);
    for (const photo of photos) expect(photo.content_enc).toMatch(/\S{100}/);
    clock.advance(61_000);
    expect((await client.call(sendSmsCode, { purpose: 'deregister' })).response?.code).toBe('200');
    expect((await client.call(cancelAccount, { smsCode: await latestCode(t.baseUrl, phone) })).response?.code).toBe('200');
    const rows = (await sql`select user_id from identities where user_id = ${user!.id}`.execute(t.app.database.db)).rows;
    expect(rows).toEqual([]);
    const ids = photos.map((p) => p.id);
    expect((await sql`select id from uploads where id in (${sql.join(ids)}) or user_id = ${user!.id}`.execute(t.app.database.db)).rows).toEqual([]);
    expect((await sql`select upload_id from upload_parts where upload_id in (${sql.join(ids)})`.execute(t.app.database.db)).rows).toEqual([]);
    const [record] = await t.app.accounts.repos.retainedRecords.findBySubjectHash(t.app.accounts.retained.subjectHash(phone));
    expect(record?.payloadEnc).not.toContain(idNumber);
    const retained = t.app.accounts.retained.decrypt(record!.id, record!.payloadEnc).identity;
    expect(retained).toMatchObject({ name: '沙盒用户', idNumber, validTo: '2040-01-01', verifiedAt: expect.any(Number) });
    // The identity's text, never its images or where they were.
    expect(retained).not.toHaveProperty('uploadId');
    // The number is free again: the same person may certify a new account.
    const again = await loggedIn();
    await confirmed(again.client, portrait);
  });

  itSqliteOnly(engine)('keeps no identity in the retained record when it was never verified', async () => {
    const phone = uniquePhone();
    const client = await t.client();
    expect((await signUp(client, t.baseUrl, phone)).response?.code).toBe('200');
    await confirmed(client);
    clock.advance(61_000);
    expect((await client.call(sendSmsCode, { purpose: 'deregister' })).response?.code).toBe('200');
    expect((await client.call(cancelAccount, { smsCode: await latestCode(t.baseUrl, phone) })).response?.code).toBe('200');
    const [record] = await t.app.accounts.repos.retainedRecords.findBySubjectHash(t.app.accounts.retained.subjectHash(phone));
    expect(t.app.accounts.retained.decrypt(record!.id, record!.payloadEnc).identity).toBeUndefined();
  });

  itSqliteOnly(engine)('idcard-readings gives back the kept sides before certification only, to the account that read them', async () => {
    const { client } = await loggedIn();
    expect(await call(client, idcardReadings)).toMatchObject({ code: '200', data: { state: 'not-started', portrait: null, emblem: null } });
    const portrait = await readSide(client, 'portrait', uniqueCardPhoto());
    const { warnings: _w, state: _s, ...portraitRead } = portrait.data as Record<string, unknown>;
    expect(await call(client, idcardReadings)).toMatchObject({
      code: '200',
      data: { state: 'not-started', portrait: { ...portraitRead, state: 'not-started', warnings: [] }, emblem: null },
    });
    const emblem = await readSide(client, 'emblem', cardPhoto());
    const { warnings: _w2, state: _s2, ...emblemRead } = emblem.data as Record<string, unknown>;
    const both = await call(client, idcardReadings);
    expect(both).toEqual({
      code: '200',
      msg: expect.any(String),
      data: {
        state: 'documents-read',
        portrait: { ...portraitRead, state: 'documents-read', warnings: [] },
        emblem: { ...emblemRead, state: 'documents-read', warnings: [] },
      },
    });
    // Another account sees only its own (nothing).
    expect(await call((await loggedIn()).client, idcardReadings)).toMatchObject({ data: { portrait: null, emblem: null } });
    expect(await call(client, certification, { name: '沙盒用户', address: '北京市东城区沙盒路1号' })).toMatchObject({ code: '200' });
    // Confirmed: shown masked from now on, not read back.
    expect(await call(client, idcardReadings)).toMatchObject({ code: '200', data: { state: 'identity-confirmed', portrait: null, emblem: null } });
    expect(await call(await t.client(), idcardReadings)).toMatchObject({ code: '401' });
  });

  itSqliteOnly(engine)('lists phone brands and models for /nfc without a session', async () => {
    const anonymous = await t.client();
    const brands = await call(anonymous, phoneBrandList);
    expect(brands.code).toBe('200');
    expect((brands.data as { brands: Array<{ id: string }> }).brands.map((b) => b.id)).toContain('huawei');
    expect(await call(anonymous, phoneTypeList, { brandId: 'apple' })).toMatchObject({
      code: '200',
      data: { brandId: 'apple', models: expect.arrayContaining([expect.objectContaining({ position: 'top' })]) },
    });
    expect(await call(anonymous, phoneTypeList, { brandId: 'nokia' })).toMatchObject({ code: '404' });
    expect(await call(anonymous, phoneTypeList, { brandId: '../x' })).toMatchObject({ code: '400', subcode: '4009' });
  });
});
