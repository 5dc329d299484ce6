// The transitions of identity certification's state machine (docs/api.md "The state machine") that the
// main path does not take, through the real envelope with the sandbox providers and the injected clock:
// a face check retried after a failure, a new idcard-ocr from every unverified state after the documents,
// a face session that expires, `next: try-tomorrow`, and certification re-checking the age and the card's
// validity when time has passed since the OCR. SQLite only: one request at a time, by the injected clock;
// the same transitions under parallel requests run on both engines in identity-races.test.ts.
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testClock, type TestClock } from '../support/accounts.js';
import type { ApiClient } from '../support/api-client.js';
import { createSession } from '../support/factories.js';
import { cardPhoto, certificationSteps, faceSessionOf, readSide, uniqueCardPhoto } from '../support/identity.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { SQLITE_ONLY } from '../support/test-databases.js';
import { certificationInfo, h5FaceVerify, h5FaceUrl, certification } from '@tyd/protocol';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
const ENV = { HUMAN_CHECK_IP_PER_HOUR: '100000', FACE_TRIES_PER_DAY: '3', UPLOAD_MAX_LIVE_PER_USER: '50' };
const HOLDER = { name: '沙盒用户', address: '北京市东城区沙盒路1号' };

describe.each(SQLITE_ONLY)('identity certification transitions on %s', (engine) => {
  let t: TestApp;
  const clock = testClock();
  beforeAll(async () => {
    t = await startTestApp({ engine, clock, env: ENV });
  });
  afterAll(async () => {
    await t?.close();
  });
  const { call, loggedIn, completeFace, confirmed, faceDone } = certificationSteps(() => t, clock);
  const info = (client: ApiClient) => call(client, certificationInfo);
  const identityRow = async (userId: string) =>
    (
      await sql<
        Record<string, unknown>
      >`select state, id_hash, identity_enc, face_session_enc, face_expires_at, failure_reason, confirmed_at from identities where user_id = ${userId}`.execute(
        t.app.database.db,
      )
    ).rows[0];

  it('retries the face check after a failure: a new session replaces the old one, and it can pass', async () => {
    const { client } = await loggedIn();
    await confirmed(client);
    const first = await faceDone(client, false);
    expect(await call(client, h5FaceVerify)).toMatchObject({ code: '400', subcode: '4608' });
    expect(await info(client)).toMatchObject({ data: { state: 'failed', failure: { reason: 'abandoned', next: 'retry-face' }, faceTriesLeft: 2 } });

    const second = await faceDone(client, false);
    expect(second.data).toMatchObject({ faceTriesLeft: 1, expiresAt: clock() + 30 * MINUTE_MS });
    expect(await info(client)).toMatchObject({ data: { state: 'face-pending', failure: null } });
    // The replaced session proves nothing any more: finishing it leaves the account's own session open.
    expect(await completeFace(faceSessionOf((first.data as { url: string }).url))).toBe(200);
    expect(await call(client, h5FaceVerify)).toMatchObject({ code: '400', subcode: '4608' });
    expect(await completeFace(faceSessionOf((second.data as { url: string }).url))).toBe(200);
    expect(await call(client, h5FaceVerify)).toMatchObject({ code: '200', data: { state: 'verified', failure: null, faceTriesLeft: 1 } });
  });

  // The sandbox's face outcome follows the ID number, so a retry of another face or a failed liveness fails
  // the same way again: what can be shown is that the retry opens a new face session and clears the failure.
  it.each([
    [991, '4504', 'face-mismatch'],
    [992, '4609', 'liveness'],
  ])('after a failure of sequence %i (%s) h5-face-url opens a new face session', async (sequence, subcode, reason) => {
    const { client } = await loggedIn();
    await confirmed(client, uniqueCardPhoto(sequence));
    await faceDone(client);
    expect(await call(client, h5FaceVerify)).toMatchObject({ code: '400', subcode });
    expect(await info(client)).toMatchObject({ data: { state: 'failed', failure: { reason, next: 'retry-face' } } });
    await faceDone(client);
    expect(await info(client)).toMatchObject({ data: { state: 'face-pending', failure: null, faceTriesLeft: 1 } });
    expect(await call(client, h5FaceVerify)).toMatchObject({ code: '400', subcode });
  });

  it('a new idcard-ocr from identity-confirmed starts over and releases the claim at once', async () => {
    const photo = uniqueCardPhoto();
    const first = await loggedIn();
    await confirmed(first.client, photo);
    expect(await identityRow(first.userId)).toMatchObject({ state: 'identity-confirmed', id_hash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    // One side again (a long-term card this time): kept beside the other, back to documents-read.
    expect(await readSide(first.client, 'emblem', cardPhoto({ height: 920 }))).toMatchObject({
      code: '200',
      data: { state: 'documents-read', validTo: 'long-term' },
    });
    expect(await info(first.client)).toMatchObject({
      data: { state: 'documents-read', documents: { portrait: true, emblem: true }, name: null, idNumber: null, validTo: null, failure: null },
    });
    expect(await identityRow(first.userId)).toMatchObject({ state: 'documents-read', id_hash: null, identity_enc: null, confirmed_at: null });
    expect(await call(first.client, h5FaceUrl)).toMatchObject({ code: '409', subcode: '4610', data: { state: 'documents-read' } });
    // The claim is gone without waiting for its hold: another account may take the number now…
    const second = await loggedIn();
    await confirmed(second.client, photo);
    // …and the first account, still holding the readings, is the one refused at certification.
    expect(await call(first.client, certification, HOLDER)).toMatchObject({ code: '409', subcode: '4605' });
  });

  it('a new idcard-ocr from face-pending starts over and drops the face session', async () => {
    const { client, userId } = await loggedIn();
    await confirmed(client);
    const started = await faceDone(client, false);
    const portrait = await readSide(client, 'portrait', uniqueCardPhoto());
    expect(portrait).toMatchObject({ code: '200', data: { state: 'documents-read' } });
    expect(await identityRow(userId)).toMatchObject({ state: 'documents-read', face_session_enc: null, face_expires_at: null });
    // Finishing the dropped session changes nothing: the account has no face session to ask about.
    expect(await completeFace(faceSessionOf((started.data as { url: string }).url))).toBe(200);
    expect(await call(client, h5FaceVerify)).toMatchObject({ code: '409', subcode: '4615' });
    // The new documents go the whole way.
    const idNumber = (portrait.data as { idNumber: string }).idNumber;
    expect(await call(client, certification, HOLDER)).toMatchObject({
      code: '200',
      data: { state: 'identity-confirmed', idNumber: `110***********${idNumber.slice(-4)}` },
    });
    await faceDone(client);
    expect(await call(client, h5FaceVerify)).toMatchObject({ code: '200', data: { state: 'verified' } });
  });

  it('after identity-not-found only new documents help: h5-face-url is 4610, a new idcard-ocr starts over', async () => {
    const { client, userId } = await loggedIn();
    await confirmed(client, uniqueCardPhoto(990));
    await faceDone(client);
    expect(await call(client, h5FaceVerify)).toMatchObject({ code: '400', subcode: '4503' });
    expect(await info(client)).toMatchObject({
      data: { state: 'failed', failure: { reason: 'identity-not-found', next: 'recheck-documents' }, faceTriesLeft: 2 },
    });
    // No face try is spent on an identity the authority does not know.
    expect(await call(client, h5FaceUrl)).toMatchObject({ code: '409', subcode: '4610', data: { state: 'failed' } });
    expect(await info(client)).toMatchObject({ data: { faceTriesLeft: 2 } });
    // The card photographed again (the name checked again): the failure and the claim are gone.
    expect(await readSide(client, 'portrait', uniqueCardPhoto())).toMatchObject({ code: '200', data: { state: 'documents-read' } });
    expect(await info(client)).toMatchObject({ data: { state: 'documents-read', failure: null, name: null } });
    expect(await identityRow(userId)).toMatchObject({ failure_reason: null, id_hash: null });
    expect(await call(client, certification, HOLDER)).toMatchObject({ code: '200', data: { state: 'identity-confirmed' } });
    await faceDone(client);
    expect(await call(client, h5FaceVerify)).toMatchObject({ code: '200', data: { state: 'verified' } });
  });

  it('a new idcard-ocr from a failed face check starts over too', async () => {
    const { client, userId } = await loggedIn();
    await confirmed(client, uniqueCardPhoto(991));
    await faceDone(client);
    expect(await call(client, h5FaceVerify)).toMatchObject({ code: '400', subcode: '4504' });
    expect(await readSide(client, 'emblem', cardPhoto())).toMatchObject({ code: '200', data: { state: 'documents-read' } });
    expect(await info(client)).toMatchObject({ data: { state: 'documents-read', failure: null, name: null } });
    expect(await identityRow(userId)).toMatchObject({ failure_reason: null, id_hash: null, identity_enc: null });
  });

  it('a face session expires after 30 minutes: failed (abandoned), the session dropped, then 4615', async () => {
    const { client, userId } = await loggedIn();
    await confirmed(client);
    const started = await faceDone(client, false);
    // Back early: abandoned, and the session is kept for a late result.
    expect(await call(client, h5FaceVerify)).toMatchObject({ code: '400', subcode: '4608' });
    expect(await identityRow(userId)).toMatchObject({
      state: 'failed',
      failure_reason: 'abandoned',
      face_session_enc: expect.any(String),
      face_expires_at: expect.anything(),
    });
    clock.advance(30 * MINUTE_MS);
    // Too late for the provider's page, and for the result.
    expect(await completeFace(faceSessionOf((started.data as { url: string }).url))).toBe(404);
    expect(await call(client, h5FaceVerify)).toMatchObject({ code: '400', subcode: '4608' });
    expect(await info(client)).toMatchObject({ data: { state: 'failed', failure: { reason: 'abandoned', next: 'retry-face' } } });
    expect(await identityRow(userId)).toMatchObject({ face_session_enc: null, face_expires_at: null });
    expect(await call(client, h5FaceVerify)).toMatchObject({ code: '409', subcode: '4615' });
    // A new session starts the check again.
    await faceDone(client);
    expect(await call(client, h5FaceVerify)).toMatchObject({ code: '200', data: { state: 'verified' } });
  });

  it('a session left open past 30 minutes fails the same way without an early return', async () => {
    const { client } = await loggedIn();
    await confirmed(client);
    await faceDone(client, false);
    clock.advance(30 * MINUTE_MS);
    expect(await call(client, h5FaceVerify)).toMatchObject({ code: '400', subcode: '4608' });
    expect(await info(client)).toMatchObject({ data: { state: 'failed', failure: { reason: 'abandoned', next: 'retry-face' } } });
    expect(await call(client, h5FaceVerify)).toMatchObject({ code: '409', subcode: '4615' });
  });

  it('says try-tomorrow once the day’s face tries are spent; the next China day gives them back', async () => {
    const { client } = await loggedIn();
    await confirmed(client, uniqueCardPhoto(991));
    for (const left of [2, 1, 0]) {
      expect((await faceDone(client)).data).toMatchObject({ faceTriesLeft: left });
      expect(await call(client, h5FaceVerify)).toMatchObject({ code: '400', subcode: '4504' });
    }
    expect(await info(client)).toMatchObject({ data: { state: 'failed', failure: { reason: 'face-mismatch', next: 'try-tomorrow' }, faceTriesLeft: 0 } });
    expect(await call(client, h5FaceUrl)).toMatchObject({ code: '429', subcode: '4607' });
    clock.advance(DAY_MS);
    expect(await info(client)).toMatchObject({ data: { state: 'failed', failure: { reason: 'face-mismatch', next: 'retry-face' }, faceTriesLeft: 3 } });
    expect(await call(client, h5FaceUrl)).toMatchObject({ code: '200', data: { faceTriesLeft: 2 } });
  });

  it('keeps recheck-documents after identity-not-found even with no face tries left', async () => {
    const { client } = await loggedIn();
    await confirmed(client, uniqueCardPhoto(990));
    for (let i = 0; i < 2; i += 1) expect((await faceDone(client, false)).code).toBe('200');
    await faceDone(client);
    expect(await call(client, h5FaceVerify)).toMatchObject({ code: '400', subcode: '4503' });
    expect(await info(client)).toMatchObject({ data: { failure: { reason: 'identity-not-found', next: 'recheck-documents' }, faceTriesLeft: 0 } });
  });
});

/**
 * Certification checks the age and the card again on its own day (docs/api.md "Rules"). Each test moves
 * the clock by years, so each has an app and a clock of its own: the sandbox's people (born 1970–2002)
 * would be too old for the next one's OCR.
 */
describe.each(SQLITE_ONLY)('identity certification re-checks on %s', (engine) => {
  let t: TestApp;
  let clock: TestClock;
  beforeEach(async () => {
    clock = testClock();
    t = await startTestApp({ engine, clock, env: ENV });
  });
  afterEach(async () => {
    await t?.close();
  });
  const { call, loggedIn } = certificationSteps(
    () => t,
    () => clock(),
  );

  /** Noon in China (UTC+8) of a calendar day. */
  const chinaNoon = (date: string) => Date.parse(`${date}T12:00:00+08:00`);
  /** Moves the clock to that time; the account signs in again (a session lasts days, not years). */
  async function travelTo(when: number, client: ApiClient, userId: string): Promise<void> {
    expect(when).toBeGreaterThan(clock());
    clock.advance(when - clock());
    client.accessToken = (await createSession(t.app.accounts.repos, { id: userId }, { now: clock() })).accessToken;
  }
  /** Reads sandbox portraits until one shows a holder born after `date` (the sandbox derives the person from the photo). */
  async function portraitBornAfter(client: ApiClient, date: string): Promise<{ birthDate: string }> {
    for (let tries = 0; tries < 20; tries += 1) {
      const read = await readSide(client, 'portrait', uniqueCardPhoto());
      expect(read.code, JSON.stringify(read)).toBe('200');
      const portrait = read.data as { birthDate: string };
      if (portrait.birthDate > date) return portrait;
    }
    throw new Error(`no sandbox holder born after ${date} in 20 photos`);
  }

  it('refuses at certification (4603) a holder who turned 61 since the OCR; the day before still passes', async () => {
    const { client, userId } = await loggedIn();
    const { birthDate } = await portraitBornAfter(client, '1969-12-31');
    // A long-term card, so that only the age changes however far the clock goes.
    expect(await readSide(client, 'emblem', cardPhoto({ height: 920 }))).toMatchObject({ code: '200', data: { state: 'documents-read' } });
    const [year, month, day] = birthDate.split('-').map(Number) as [number, number, number];
    // The 61st birthday (29 February counts from 1 March in a common year, as ageOn does).
    const birthday61 = new Date(Date.UTC(year + 61, month - 1, day)).toISOString().slice(0, 10);
    await travelTo(chinaNoon(birthday61) - DAY_MS, client, userId);
    expect(await call(client, certification, HOLDER)).toMatchObject({ code: '200', data: { state: 'identity-confirmed' } });
    await travelTo(chinaNoon(birthday61), client, userId);
    expect(await call(client, certification, HOLDER)).toMatchObject({ code: '400', subcode: '4603', data: { minAge: 18, maxAge: 60 } });
  });

  it('refuses at certification (4604) a card that expired since the OCR; its last day still passes', async () => {
    const { client, userId } = await loggedIn();
    // Under 61 on the day after the card's last day (2040-01-01), so that the age does not refuse first.
    await portraitBornAfter(client, '1979-01-02');
    expect(await readSide(client, 'emblem', cardPhoto())).toMatchObject({ code: '200', data: { validTo: '2040-01-01' } });
    await travelTo(chinaNoon('2040-01-01'), client, userId);
    expect(await call(client, certification, HOLDER)).toMatchObject({ code: '200', data: { state: 'identity-confirmed' } });
    await travelTo(chinaNoon('2040-01-02'), client, userId);
    expect(await call(client, certification, HOLDER)).toMatchObject({ code: '400', subcode: '4604' });
  });
});
