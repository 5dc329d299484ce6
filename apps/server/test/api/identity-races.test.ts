// Identity certification's transitions under races (docs/api.md "The state machine"): every transition is a
// compare-and-set on the row as read, so a face result, a face session or a confirmation never lands on an
// identity other than the one it was decided for. The face and OCR providers are held open (a real vendor
// answers in 0.3–3 s) while other calls of the same account run, then released. Through the real
// envelope, both engines.
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createIdentityCipher } from '../../src/identity/services/identity-cipher.js';
import { requireVerifiedIdentity } from '../../src/identity/identity-module.js';
import type { FaceResult } from '../../src/providers/face/face-provider.js';
import { ProviderUnavailable } from '../../src/providers/provider-error.js';
import { testClock } from '../support/accounts.js';
import type { ApiClient } from '../support/api-client.js';
import { cardPhoto, certificationSteps, faceSessionOf, readSide, uniqueCardPhoto } from '../support/identity.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { ENGINES } from '../support/test-databases.js';
import { h5FaceVerify, certification, certificationInfo, h5FaceUrl } from '@tyd/protocol';

const ENV = { HUMAN_CHECK_IP_PER_HOUR: '100000', FACE_TRIES_PER_DAY: '10', UPLOAD_MAX_LIVE_PER_USER: '50' };
const HOLDER = { name: '沙盒用户', address: '北京市东城区沙盒路1号' };

/**
 * Holds calls of a provider method: `reached` once `count` of them have arrived; each waits until released
 * (`releaseCall` one, `release` all and any later call passes through), then answers what it is given or,
 * without an answer, what the real method answers.
 */
function gate<A extends unknown[], R>(real: (...args: A) => Promise<R>, count = 1) {
  const calls: A[] = [];
  const waiting: Array<(answer: R | undefined) => void> = [];
  let open = false;
  let arrived!: () => void;
  const reached = new Promise<void>((resolve) => (arrived = resolve));
  return {
    calls,
    reached,
    async run(...args: A): Promise<R> {
      if (open) return real(...args);
      calls.push(args);
      const answer = new Promise<R | undefined>((resolve) => waiting.push(resolve));
      if (calls.length === count) arrived();
      return (await answer) ?? real(...args);
    },
    releaseCall: (index: number, answer?: R) => waiting[index]!(answer),
    release(answer?: R) {
      open = true;
      for (const resolve of waiting) resolve(answer);
    },
  };
}

describe.each(ENGINES)('identity certification races on %s', (engine) => {
  let t: TestApp;
  const clock = testClock();
  beforeAll(async () => {
    t = await startTestApp({ engine, clock, env: ENV });
  });
  /** The identity-verified events written for the account (outbox): one per transition to verified. */
  const verifiedEvents = async (userId: string) =>
    (await t.app.database.db.selectFrom('outbox').select('id').where('topic', '=', 'identity-verified').where('user_id', '=', userId).execute()).length;
  afterAll(async () => {
    await t?.close();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });
  const { call, loggedIn, completeFace, confirmed, faceDone } = certificationSteps(() => t, clock);
  const cipher = () => createIdentityCipher(t.secrets);
  const identityRow = async (userId: string) =>
    (
      await sql<
        Record<string, unknown>
      >`select state, portrait_enc, emblem_enc, id_hash, identity_enc, face_session_enc, face_expires_at, failure_reason, verified_at, version, updated_at from identities where user_id = ${userId}`.execute(
        t.app.database.db,
      )
    ).rows[0];
  const idNumberOf = (answer: { data?: unknown }) => (answer.data as { idNumber: string }).idNumber;

  /** The face provider's answers held: h5-face-verify waits at the provider until released. */
  function holdFaceResults(count = 1) {
    const face = t.app.faceProvider;
    const held = gate<[string], FaceResult>(face.getFaceResult.bind(face), count);
    vi.spyOn(face, 'getFaceResult').mockImplementation(held.run);
    return held;
  }

  /** An account with a face session, completed at the sandbox (its real answer is "passed"); A's ID number. */
  async function faceCompleted(client: ApiClient): Promise<string> {
    const read = await confirmed(client);
    await faceDone(client);
    return idNumberOf(read);
  }

  it("reproduction: another card read and certified while A's face answer is pending verifies nobody", async () => {
    const { client, userId } = await loggedIn();
    await faceCompleted(client);
    const held = holdFaceResults();
    const verifying = call(client, h5FaceVerify);
    await held.reached;

    // Meanwhile the same session reads and certifies B's card: a new attempt.
    const other = await readSide(client, 'portrait', uniqueCardPhoto());
    expect(other).toMatchObject({ code: '200', data: { state: 'documents-read' } });
    expect(await call(client, certification, HOLDER)).toMatchObject({ code: '200', data: { state: 'identity-confirmed' } });
    const before = await identityRow(userId);

    // The vendor answers "passed" for A's session: it proves nothing about B.
    held.release();
    expect(await verifying).toMatchObject({ code: '409', subcode: '4615', data: { state: 'identity-confirmed' } });
    expect(await identityRow(userId)).toEqual(before);
    expect(await call(client, certificationInfo)).toMatchObject({
      data: { state: 'identity-confirmed', verifiedAt: null, idNumber: `110***********${idNumberOf(other).slice(-4)}` },
    });
    // What bank cards, invitations and the gift read: nobody.
    expect(await t.app.identity.personKey(userId)).toBeNull();
    await expect(requireVerifiedIdentity(t.app, userId)).rejects.toMatchObject({ code: '403', subcode: '4611' });
    expect(await verifiedEvents(userId)).toBe(0);
    // B still has to pass a face check of B's own.
    await faceDone(client);
    expect(await call(client, h5FaceVerify)).toMatchObject({ code: '200', data: { state: 'verified' } });
    expect(await t.app.identity.personKey(userId)).toBe(cipher().personKey(idNumberOf(other)));
  });

  it('a new idcard-ocr while the answer is pending: the pending answer verifies nothing', async () => {
    const { client, userId } = await loggedIn();
    await faceCompleted(client);
    const held = holdFaceResults();
    const verifying = call(client, h5FaceVerify);
    await held.reached;
    expect(await readSide(client, 'emblem', cardPhoto())).toMatchObject({ code: '200', data: { state: 'documents-read' } });
    const before = await identityRow(userId);
    held.release();
    expect(await verifying).toMatchObject({ code: '409', subcode: '4615', data: { state: 'documents-read' } });
    expect(await identityRow(userId)).toEqual(before);
    expect(before).toMatchObject({ state: 'documents-read', identity_enc: null, face_session_enc: null });
  });

  it('a certification while the answer is pending (the address corrected): a new attempt, the pending answer verifies nothing', async () => {
    const { client, userId } = await loggedIn();
    await faceCompleted(client);
    const held = holdFaceResults();
    const verifying = call(client, h5FaceVerify);
    await held.reached;
    expect(await call(client, certification, { ...HOLDER, address: '北京市东城区沙盒路2号' })).toMatchObject({
      code: '200',
      data: { state: 'identity-confirmed' },
    });
    const before = await identityRow(userId);
    held.release();
    expect(await verifying).toMatchObject({ code: '409', subcode: '4615', data: { state: 'identity-confirmed' } });
    expect(await identityRow(userId)).toEqual(before);
    expect(await t.app.identity.personKey(userId)).toBeNull();
  });

  it("a new h5-face-url while the answer is pending: the replaced session's pass verifies nothing, the new one can", async () => {
    const { client, userId } = await loggedIn();
    const idNumber = await faceCompleted(client);
    const held = holdFaceResults();
    const verifying = call(client, h5FaceVerify);
    await held.reached;
    const second = await faceDone(client, false);
    const before = await identityRow(userId);
    held.release();
    expect(await verifying).toMatchObject({ code: '409', subcode: '4615', data: { state: 'face-pending' } });
    expect(await identityRow(userId)).toEqual(before);
    expect(cipher().decrypt('face_session_enc', userId, before!.face_session_enc as string)).toBe(faceSessionOf((second.data as { url: string }).url));
    expect(await completeFace(faceSessionOf((second.data as { url: string }).url))).toBe(200);
    expect(await call(client, h5FaceVerify)).toMatchObject({ code: '200', data: { state: 'verified' } });
    expect(await t.app.identity.personKey(userId)).toBe(cipher().personKey(idNumber));
  });

  it.each<[string, FaceResult]>([
    ['another face', { outcome: 'failed', reason: 'face-mismatch' }],
    ['identity not found', { outcome: 'failed', reason: 'identity-mismatch' }],
    ['not finished', { outcome: 'pending' }],
  ])('a failing answer (%s) for a replaced session does not overwrite the newer attempt', async (_name, answer) => {
    const { client, userId } = await loggedIn();
    await faceCompleted(client);
    const held = holdFaceResults();
    const verifying = call(client, h5FaceVerify);
    await held.reached;
    await faceDone(client, false);
    const before = await identityRow(userId);
    held.release(answer);
    expect(await verifying).toMatchObject({ code: '409', subcode: '4615', data: { state: 'face-pending' } });
    expect(await identityRow(userId)).toEqual(before);
    expect(await call(client, certificationInfo)).toMatchObject({ data: { state: 'face-pending', failure: null } });
  });

  it('a failing answer after new documents does not overwrite them', async () => {
    const { client, userId } = await loggedIn();
    await faceCompleted(client);
    const held = holdFaceResults();
    const verifying = call(client, h5FaceVerify);
    await held.reached;
    await readSide(client, 'portrait', uniqueCardPhoto());
    const before = await identityRow(userId);
    held.release({ outcome: 'failed', reason: 'identity-mismatch' });
    expect(await verifying).toMatchObject({ code: '409', subcode: '4615', data: { state: 'documents-read' } });
    expect(await identityRow(userId)).toEqual(before);
    expect(before).toMatchObject({ state: 'documents-read', failure_reason: null });
  });

  it('two parallel h5-face-verify that pass: one transition to verified, one identity-verified event, both answers verified', async () => {
    const { client, userId } = await loggedIn();
    const idNumber = await faceCompleted(client);
    const { version } = (await identityRow(userId))!;
    const held = holdFaceResults(2);
    const answers = Promise.all([call(client, h5FaceVerify), call(client, h5FaceVerify)]);
    await held.reached;
    held.release();
    for (const answer of await answers) expect(answer).toMatchObject({ code: '200', data: { state: 'verified', verifiedAt: clock() } });
    expect(await verifiedEvents(userId)).toBe(1);
    expect(await identityRow(userId)).toMatchObject({ state: 'verified', version: Number(version) + 1 });
    expect(await t.app.identity.personKey(userId)).toBe(cipher().personKey(idNumber));
    expect((await requireVerifiedIdentity(t.app, userId)).idNumber).toBe(idNumber);
  });

  it('"not finished" and "passed" answered in parallel for the same session: the pass still verifies', async () => {
    const { client, userId } = await loggedIn();
    await faceCompleted(client);
    const held = holdFaceResults(2);
    const answers = [call(client, h5FaceVerify), call(client, h5FaceVerify)];
    await held.reached;
    // "Not finished" lands first (the session kept until it expires); the pass, decided on the row before it,
    // still applies: the session it is about is still the account's, for the same identity.
    // The call that reached the provider first (not necessarily the first sent) answers "not finished".
    held.releaseCall(0, { outcome: 'pending' });
    const first = await Promise.race(answers.map(async (answer, index) => ({ index, answer: await answer })));
    expect(first.answer).toMatchObject({ code: '400', subcode: '4608' });
    expect(await identityRow(userId)).toMatchObject({ state: 'failed', failure_reason: 'abandoned', face_session_enc: expect.any(String) });
    held.release();
    expect(await answers[1 - first.index]).toMatchObject({ code: '200', data: { state: 'verified', failure: null } });
    expect(await identityRow(userId)).toMatchObject({ state: 'verified', face_session_enc: null });
    expect(await verifiedEvents(userId)).toBe(1);
  });

  it('two parallel h5-face-url: one session kept, the other refused, the kept one belongs to the identity', async () => {
    const { client, userId } = await loggedIn();
    const idNumber = idNumberOf(await confirmed(client));
    const face = t.app.faceProvider;
    const held = gate(face.createFaceSession.bind(face), 2);
    vi.spyOn(face, 'createFaceSession').mockImplementation(held.run);
    const answers = Promise.all([call(client, h5FaceUrl), call(client, h5FaceUrl)]);
    await held.reached;
    held.release();
    const started = await answers;
    const kept = started.filter((answer) => answer.code === '200');
    expect(kept).toHaveLength(1);
    expect(started.find((answer) => answer.code !== '200')).toMatchObject({ code: '409', subcode: '4615', data: { state: 'face-pending' } });
    const session = faceSessionOf((kept[0]!.data as { url: string }).url);
    const row = await identityRow(userId);
    expect(cipher().decrypt('face_session_enc', userId, row!.face_session_enc as string)).toBe(session);
    expect(held.calls.every(([identity]) => identity.idNumber === idNumber)).toBe(true);
    expect(await completeFace(session)).toBe(200);
    expect(await call(client, h5FaceVerify)).toMatchObject({ code: '200', data: { state: 'verified' } });
  });

  it("two parallel h5-face-url: only the call whose session is kept spends one of the day's tries", async () => {
    const { client } = await loggedIn();
    await confirmed(client);
    const triesLeft = async () => ((await call(client, certificationInfo)).data as { faceTriesLeft: number }).faceTriesLeft;
    const before = await triesLeft();
    const face = t.app.faceProvider;
    const held = gate(face.createFaceSession.bind(face), 2);
    vi.spyOn(face, 'createFaceSession').mockImplementation(held.run);
    const answers = Promise.all([call(client, h5FaceUrl), call(client, h5FaceUrl)]);
    // Both have passed the tries check and wait at the provider: then one stores its session, one loses.
    await held.reached;
    held.release();
    const started = await answers;
    expect(started.map((answer) => answer.code).sort()).toEqual(['200', '409']);
    expect(await triesLeft()).toBe(before - 1);
    // A provider that fails spends none either: no session was opened.
    vi.spyOn(face, 'createFaceSession').mockRejectedValueOnce(new ProviderUnavailable('face', 'network', 'connection refused'));
    expect(await call(client, h5FaceUrl)).toMatchObject({ code: '502', subcode: '4501' });
    expect(await triesLeft()).toBe(before - 1);
  });

  it("h5-face-url racing a certification of another card: A's session is not kept beside B's identity", async () => {
    const { client, userId } = await loggedIn();
    const idNumber = idNumberOf(await confirmed(client));
    const face = t.app.faceProvider;
    const held = gate(face.createFaceSession.bind(face));
    vi.spyOn(face, 'createFaceSession').mockImplementation(held.run);
    const starting = call(client, h5FaceUrl);
    await held.reached;
    const other = await readSide(client, 'portrait', uniqueCardPhoto());
    expect(await call(client, certification, HOLDER)).toMatchObject({ code: '200', data: { state: 'identity-confirmed' } });
    const before = await identityRow(userId);
    held.release();
    expect(await starting).toMatchObject({ code: '409', subcode: '4615', data: { state: 'identity-confirmed' } });
    expect(await identityRow(userId)).toEqual(before);
    expect(before).toMatchObject({ state: 'identity-confirmed', face_session_enc: null, id_hash: cipher().idHash(idNumberOf(other)) });
    expect(held.calls[0]![0].idNumber).toBe(idNumber);
    // A's session, completed at the vendor, has nothing to verify.
    expect(await call(client, h5FaceVerify)).toMatchObject({ code: '409', subcode: '4615' });
    expect(await t.app.identity.personKey(userId)).toBeNull();
  });

  it('an idcard-ocr whose photo was being read when the account got verified keeps nothing and deletes nothing kept', async () => {
    const { client, userId } = await loggedIn();
    await faceCompleted(client);
    const ocr = t.app.ocrProvider;
    const held = gate(ocr.recognizeIdCard.bind(ocr));
    vi.spyOn(ocr, 'recognizeIdCard').mockImplementation(held.run);
    const photos = async () =>
      (await sql<{ id: string }>`select id from uploads where user_id = ${userId} order by id`.execute(t.app.database.db)).rows.map((r) => r.id);
    const kept = await photos();
    expect(kept).toHaveLength(2);
    const reading = readSide(client, 'portrait', uniqueCardPhoto());
    await held.reached;
    expect(await call(client, h5FaceVerify)).toMatchObject({ code: '200', data: { state: 'verified' } });
    const before = await identityRow(userId);
    held.release();
    expect(await reading).toMatchObject({ code: '409', subcode: '4606' });
    expect(await identityRow(userId)).toEqual(before);
    // The verified identity's photos stay (the lender's copy); the new one is deleted.
    expect(await photos()).toEqual(kept);
  });
});
