// Enrolment by the operator alone through real HTTP (docs/operations.md "Operators", docs/api.md "Operators"):
// adding or resetting an operator hands the administrator a one-time link and nothing else; whoever opens it
// chooses the password and confirms the TOTP secret shown there with a current code. Expired, used,
// replaced and unknown links get one answer; a wrong code or a weak password leaves the link usable; a reset
// stops the old password and sessions at once; two completions at once, one wins; no answer to an
// administrator, no command output and no audit row holds anyone's password, TOTP secret or link token.
import { OPS_PATH, opsUrl } from '@tyd/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as enrolmentMigration from '../../src/db/migrations/2026-12-08-1000-operator-enrolment.js';
import { totpCode } from '../../src/operators/services/credentials.js';
import { ENROLMENT_REFUSALS_PER_HOUR } from '../../src/operators/services/enrolment-budget.js';
import { adminOutcome, capturedAdmin } from '../support/admin-command.js';
import {
  choosePassword,
  enrol,
  enrolmentToken,
  operatorName,
  opsFetch,
  signIn,
  signedInOperator,
  type EnrolmentLinkAnswer,
  type OpsClient,
} from '../support/operators.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { ENGINES, itSqliteOnly } from '../support/test-databases.js';

const STEP_MS = 30_000;
const HOUR_MS = 3_600_000;
const INVALID = { code: '404', subcode: '4261', data: { reason: '链接无效或已过期，请联系管理员重新生成' } };

describe.each(ENGINES)('enrolment links on %s', (engine) => {
  let t: TestApp;
  let admin: OpsClient;
  // Starts early in a TOTP time step; each test moves it on as it needs.
  let now = Math.ceil(Date.now() / STEP_MS) * STEP_MS + 1_000;
  const nextStep = () => (now = Math.ceil(now / STEP_MS) * STEP_MS + STEP_MS + 1_000);
  beforeAll(async () => {
    t = await startTestApp({ engine, clock: () => now, env: { OPS_ENROLMENT_HOURS: '2' } });
    admin = await signedInOperator(t, 'administrator', { staySignedIn: true });
  });
  afterAll(async () => {
    await t?.close();
  });

  const add = async (role = 'viewer', name = operatorName(role)) => {
    const answer = await admin.call<EnrolmentLinkAnswer>('POST', OPS_PATH.operators, { name, role });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data!;
  };
  const start = (token: string) =>
    opsFetch<{ operator: { name: string; role: string }; totpSecret: string; otpauthUri: string; expiresAt: number }>(t, 'POST', OPS_PATH.enrolment, { token });
  const finish = (token: string, password: string, code: string) =>
    opsFetch<{ operator: { name: string } }>(t, 'POST', OPS_PATH.enrolmentFinish, { token, password, code });
  const signInWith = (name: string, password: string, secret: string) => opsFetch(t, 'POST', OPS_PATH.session, { name, password, code: totpCode(secret, now) });
  /** The body of a refusal, without the request id the envelope may carry. */
  const refusal = (answer: { body: { code: string; subcode?: string; data?: unknown } }) => ({
    code: answer.body.code,
    subcode: answer.body.subcode,
    data: answer.body.data,
  });

  it('hands the administrator a link only; the operator opens it (the same secret each time), confirms a code, and signs in', async () => {
    nextStep();
    const link = await add('content_editor');
    expect(Object.keys(link).sort()).toEqual(['enrolmentExpiresAt', 'enrolmentUrl', 'operator']);
    expect(link.enrolmentUrl).toMatch(new RegExp(`^${t.baseUrl}/ops/enrol#[A-Za-z0-9_-]{43}$`));
    expect(link.enrolmentExpiresAt).toBe(now + 2 * HOUR_MS);
    expect(link.operator).toMatchObject({ role: 'content_editor', enrolledAt: null, createdBy: admin.operator.name });
    const token = enrolmentToken(link.enrolmentUrl);
    // Only the token's SHA-256 is stored.
    const stored = await t.app.database.db.selectFrom('operator_enrolments').selectAll().where('operator_id', '=', link.operator.id).executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain(token);

    const first = await start(token);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ operator: { name: link.operator.name, role: 'content_editor' }, expiresAt: link.enrolmentExpiresAt });
    const secret = first.body.data!.totpSecret;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(first.body.data!.otpauthUri).toMatch(new RegExp(`^otpauth://totp/.*${link.operator.name}.*secret=${secret}`));
    // Opening the page again (a refresh) shows the same secret; so do two openings at once.
    const again = await Promise.all([start(token), start(token)]);
    for (const answer of again) expect(answer.body.data?.totpSecret).toBe(secret);
    // Nobody signs in before the enrolment completes: not with anything, not with the secret shown.
    expect((await signInWith(link.operator.name, 'anything at all here', secret)).status).toBe(401);

    const password = choosePassword();
    const done = await finish(token, password, totpCode(secret, now));
    expect(done.status).toBe(200);
    expect(done.body.data).toEqual({ operator: { name: link.operator.name, role: 'content_editor' } });
    // The code that confirmed the enrolment is used (RFC 6238 §5.2): signing in takes the next one.
    expect((await signInWith(link.operator.name, password, secret)).status).toBe(401);
    nextStep();
    const signedIn = await signInWith(link.operator.name, password, secret);
    expect(signedIn.status).toBe(200);
    const list = await admin.call<{ operators: { id: string; enrolledAt: number | null }[] }>('GET', OPS_PATH.operators);
    expect(list.body.data!.operators.find((op) => op.id === link.operator.id)?.enrolledAt).toBeGreaterThan(0);
    // The link is used up: the same answer as a token never issued.
    const used = await start(token);
    expect(used.status).toBe(404);
    expect(refusal(used)).toEqual(INVALID);
    expect(refusal(await finish(token, password, totpCode(secret, now)))).toEqual(INVALID);
    expect(await t.app.database.db.selectFrom('operator_enrolments').select('operator_id').where('operator_id', '=', link.operator.id).execute()).toEqual([]);
  });

  it('answers an unknown, an expired and a replaced link alike, and the replacing one works', async () => {
    nextStep();
    const unknown = await start('A'.repeat(43));
    expect(unknown.status).toBe(404);
    expect(refusal(unknown)).toEqual(INVALID);

    const expiring = await add();
    const expiringToken = enrolmentToken(expiring.enrolmentUrl);
    const shown = await start(expiringToken);
    now += 2 * HOUR_MS;
    expect(refusal(await start(expiringToken))).toEqual(INVALID);
    expect(refusal(await finish(expiringToken, choosePassword(), totpCode(shown.body.data!.totpSecret, now)))).toEqual(INVALID);

    // An administrator issues a new link (resetting the pending operator): the earlier one stops at once.
    nextStep();
    const pending = await add();
    const oldToken = enrolmentToken(pending.enrolmentUrl);
    const oldSecret = (await start(oldToken)).body.data!.totpSecret;
    const reissued = await admin.call<EnrolmentLinkAnswer>('POST', opsUrl(OPS_PATH.operatorReset, { id: pending.operator.id }), {});
    expect(reissued.status).toBe(200);
    expect(refusal(await start(oldToken))).toEqual(INVALID);
    expect(refusal(await finish(oldToken, choosePassword(), totpCode(oldSecret, now)))).toEqual(INVALID);
    const password = choosePassword();
    const secret = await enrol(t, reissued.body.data!.enrolmentUrl, password, now);
    expect(secret).not.toBe(oldSecret);
    expect((await signInWith(pending.operator.name, password, secret)).status).toBe(200);
  });

  it('keeps the link usable after a wrong code or a refused password, and changes nothing', async () => {
    nextStep();
    const link = await add();
    const token = enrolmentToken(link.enrolmentUrl);
    // Before the page showed a secret there is nothing to confirm.
    expect(refusal(await finish(token, choosePassword(), '123456'))).toMatchObject({ code: '400', subcode: '4262' });
    const secret = (await start(token)).body.data!.totpSecret;
    const right = totpCode(secret, now);
    const wrong = right === '000000' ? '111111' : '000000';
    const mistyped = await finish(token, choosePassword(), wrong);
    expect(mistyped.status).toBe(400);
    expect(refusal(mistyped)).toEqual({ code: '400', subcode: '4262', data: { reason: '动态验证码不正确，请核对验证器中的最新验证码' } });
    // A code of the secret three steps away is outside the drift window (RFC 6238 §5.2: one step either side).
    expect((await finish(token, choosePassword(), totpCode(secret, now - 3 * STEP_MS))).body.subcode).toBe('4262');
    for (const weak of ['short pass', 'password1234', 'aaaaaaaaaaaaaaaa', 'qwertyuiopasdf', `${link.operator.name} and more`]) {
      const refused = await finish(token, weak, right);
      expect(refused.status, weak).toBe(400);
      expect(refused.body.subcode, weak).toBe('4009');
      expect((refused.body.data as unknown as { reason: string }).reason, weak).toMatch(/^密码（password）：/);
    }
    const row = await t.app.database.db.selectFrom('operators').selectAll().where('id', '=', link.operator.id).executeTakeFirstOrThrow();
    expect(row.enrolled_at).toBeNull();
    expect(row.totp_secret_sealed).toBeNull();
    // Still the same secret, and the right code completes it.
    expect((await start(token)).body.data!.totpSecret).toBe(secret);
    expect((await finish(token, '春眠不觉晓，处处闻啼鸟。', right)).status).toBe(200);
    nextStep();
    expect((await signInWith(link.operator.name, '春眠不觉晓，处处闻啼鸟。', secret)).status).toBe(200);
  });

  it("stops a reset operator's password and live sessions at once; only the new link's password and secret sign in", async () => {
    nextStep();
    const link = await add('rewards_manager');
    const password = choosePassword();
    const secret = await enrol(t, link.enrolmentUrl, password, now);
    const victim = await signIn(t, { operator: link.operator, password, totpSecret: secret }, now);
    expect((await victim.call('GET', OPS_PATH.rewards)).status).toBe(200);

    const reset = await admin.call<EnrolmentLinkAnswer>('POST', opsUrl(OPS_PATH.operatorReset, { id: link.operator.id }), {});
    expect(reset.status).toBe(200);
    expect(reset.body.data!.operator).toMatchObject({ enrolledAt: null, disabledAt: null });
    expect((await victim.call('GET', OPS_PATH.rewards)).status).toBe(401);
    nextStep();
    expect((await signInWith(link.operator.name, password, secret)).status).toBe(401);

    const renewed = choosePassword();
    const newSecret = await enrol(t, reset.body.data!.enrolmentUrl, renewed, now);
    expect((await signInWith(link.operator.name, password, secret)).status).toBe(401);
    expect((await signInWith(link.operator.name, renewed, newSecret)).status).toBe(200);

    // Disabling an operator whose link is pending ends the link too; 重置并启用 issues a new one.
    const disabledLater = await add();
    expect((await admin.call('POST', opsUrl(OPS_PATH.operatorDisable, { id: disabledLater.operator.id }), {})).status).toBe(200);
    expect(refusal(await start(enrolmentToken(disabledLater.enrolmentUrl)))).toEqual(INVALID);
  });

  it('completes a link once when two completions arrive at the same moment', async () => {
    nextStep();
    const link = await add();
    const token = enrolmentToken(link.enrolmentUrl);
    const secret = (await start(token)).body.data!.totpSecret;
    const [a, b] = [choosePassword(), choosePassword()];
    const both = await Promise.all([finish(token, a, totpCode(secret, now)), finish(token, b, totpCode(secret, now - STEP_MS))]);
    expect(both.map((answer) => answer.status).sort()).toEqual([200, 404]);
    const winner = both[0]!.status === 200 ? a : b;
    const loser = winner === a ? b : a;
    nextStep();
    expect((await signInWith(link.operator.name, loser, secret)).status).toBe(401);
    nextStep();
    expect((await signInWith(link.operator.name, winner, secret)).status).toBe(200);
  });

  itSqliteOnly(engine)("never gives an administrator, the admin command's output or the audit anyone's password, TOTP secret or link token", async () => {
    nextStep();
    const seen: string[] = [];
    const secrets: string[] = [];
    const added = await admin.call<EnrolmentLinkAnswer>('POST', OPS_PATH.operators, { name: operatorName('viewer'), role: 'viewer' });
    seen.push(JSON.stringify(added.body));
    const password = choosePassword();
    const secret = await enrol(t, added.body.data!.enrolmentUrl, password, now);
    secrets.push(password, secret, enrolmentToken(added.body.data!.enrolmentUrl));
    const reset = await admin.call<EnrolmentLinkAnswer>('POST', opsUrl(OPS_PATH.operatorReset, { id: added.body.data!.operator.id }), {});
    seen.push(JSON.stringify(reset.body));
    const renewed = choosePassword();
    // A wrong code first: a refused completion carries its token, password and code too.
    const resetToken = enrolmentToken(reset.body.data!.enrolmentUrl);
    const resetSecret = (await start(resetToken)).body.data!.totpSecret;
    await finish(resetToken, renewed, totpCode(resetSecret, now) === '000000' ? '111111' : '000000');
    await enrol(t, reset.body.data!.enrolmentUrl, renewed, now);
    secrets.push(renewed, resetSecret, resetToken);
    // An administrator asking to set someone's password is refused outright.
    const withPassword = await admin.call('POST', OPS_PATH.operators, { name: operatorName('viewer'), role: 'viewer', password: choosePassword() });
    expect(withPassword.status).toBe(400);

    const printed = await capturedAdmin(
      ['operators', 'add', operatorName('viewer'), '--role', 'viewer', '--origin', 'https://ops.example.com'],
      t.env,
      () => now,
    );
    seen.push(printed.stdout, printed.stderr);
    const cliLink = JSON.parse(printed.stdout) as EnrolmentLinkAnswer;
    const cliPassword = choosePassword();
    secrets.push(cliPassword, await enrol(t, `${t.baseUrl}/ops/enrol#${enrolmentToken(cliLink.enrolmentUrl)}`, cliPassword, now));
    secrets.push(enrolmentToken(cliLink.enrolmentUrl));

    const list = JSON.stringify((await admin.call('GET', OPS_PATH.operators)).body);
    // Never a hash or a sealed secret in the list either.
    expect(list).not.toMatch(/argon2|totp|v1\./i);
    seen.push(list, JSON.stringify((await admin.call('GET', OPS_PATH.audit)).body));
    const audit = await t.app.database.db.selectFrom('ops_audit').selectAll().execute();
    seen.push(JSON.stringify(audit));
    // The tokens the administrator was given are theirs to hand over; passwords and TOTP secrets never reach them.
    for (const text of seen) for (const value of [password, secret, renewed, resetSecret, cliPassword]) expect(text).not.toContain(value);
    // The audit holds no secret at all, the links' tokens included, and says who enrolled.
    const auditText = JSON.stringify(audit);
    for (const value of secrets) expect(auditText).not.toContain(value);
    expect(auditText).not.toMatch(/otpauth|totpSecret|"password"/);
    const enrolled = audit.filter((row) => row.action === `POST ${OPS_PATH.enrolmentFinish}` && row.outcome === 'done');
    expect(enrolled.map((row) => row.operator_name)).toContain(added.body.data!.operator.name);
    expect(enrolled.every((row) => row.after === JSON.stringify({ enrolled: true }))).toBe(true);
  });

  itSqliteOnly(engine)('makes the first administrator with the admin command: a link at --origin, nothing else; resets likewise', async () => {
    nextStep();
    const name = operatorName('administrator');
    const usage = async (args: string[]) => (await adminOutcome(t, args)).code;
    expect(await usage(['operators', 'add', name, '--role', 'administrator'])).toBe(2);
    expect(await usage(['operators', 'add', name, '--role', 'owner', '--origin', 'https://ops.example.com'])).toBe(2);
    for (const origin of ['ops.example.com', 'https://ops.example.com/ops', 'ftp://ops.example.com', 'https://ops.example.com?x=1'])
      expect(await usage(['operators', 'add', name, '--role', 'administrator', '--origin', origin]), origin).toBe(2);
    // The old way of handing someone a password is gone.
    expect(await usage(['operators', 'add', name, '--role', 'administrator', '--password-env', 'P'])).toBe(2);
    expect(await usage(['operators', 'reset', name])).toBe(2);
    expect((await adminOutcome(t, ['operators', 'reset', 'nobody-here', '--origin', 'https://ops.example.com'])).code).toBe(1);

    const made = await capturedAdmin(['operators', 'add', name, '--role', 'administrator', '--origin', 'https://ops.example.com/'], t.env, () => now);
    expect(made.code).toBe(0);
    const printed = JSON.parse(made.stdout) as EnrolmentLinkAnswer;
    expect(Object.keys(printed).sort()).toEqual(['enrolmentExpiresAt', 'enrolmentUrl', 'operator']);
    expect(printed.enrolmentUrl).toMatch(/^https:\/\/ops\.example\.com\/ops\/enrol#[A-Za-z0-9_-]{43}$/);
    expect(printed.operator).toMatchObject({ name, role: 'administrator', createdBy: 'admin-command', enrolledAt: null });
    const password = choosePassword();
    const secret = await enrol(t, `${t.baseUrl}/ops/enrol#${enrolmentToken(printed.enrolmentUrl)}`, password, now);
    const first = await signIn(t, { operator: printed.operator, password, totpSecret: secret }, now);
    expect((await first.call('GET', OPS_PATH.operators)).status).toBe(200);

    const reset = await capturedAdmin(['operators', 'reset', name, '--origin', 'https://ops.example.com'], t.env, () => now);
    expect(reset.code).toBe(0);
    expect(JSON.parse(reset.stdout)).toMatchObject({
      operator: { name, enrolledAt: null },
      enrolmentUrl: expect.stringMatching(/#[A-Za-z0-9_-]{43}$/) as unknown,
    });
    expect((await first.call('GET', OPS_PATH.operators)).status).toBe(401);
    const audit = await t.app.database.db
      .selectFrom('ops_audit')
      .selectAll()
      .where('operator_name', '=', 'admin-command')
      .where('target_id', '=', printed.operator.id)
      .execute();
    expect(audit.map((row) => row.action).sort()).toEqual(['operators add', 'operators reset']);
  });

  itSqliteOnly(engine)('keeps operators made before enrolment links signing in (the migration marks them enrolled)', async () => {
    nextStep();
    const db = t.app.database.db;
    const link = await add();
    const password = choosePassword();
    const secret = await enrol(t, link.enrolmentUrl, password, now);
    // As the database stood before the migration, then migrated: the operator is enrolled as of their creation.
    await enrolmentMigration.down(db as never);
    await enrolmentMigration.up(db as never);
    const row = await db.selectFrom('operators').selectAll().where('id', '=', link.operator.id).executeTakeFirstOrThrow();
    expect(row.enrolled_at).toBe(row.created_at);
    nextStep();
    expect((await signInWith(link.operator.name, password, secret)).status).toBe(200);
  });

  itSqliteOnly(engine)(
    `refuses an address after ${ENROLMENT_REFUSALS_PER_HOUR} refused enrolment calls in an hour, a right link too, until the hour ends`,
    async () => {
      now = Math.ceil(now / HOUR_MS) * HOUR_MS + 1_000;
      const link = await add();
      const token = enrolmentToken(link.enrolmentUrl);
      for (let i = 0; i < ENROLMENT_REFUSALS_PER_HOUR; i++) expect((await start('B'.repeat(43))).status, String(i)).toBe(404);
      const locked = await start(token);
      expect(locked.status).toBe(429);
      expect(locked.headers.get('retry-after')).toBe(String(HOUR_MS / 1000 - 1));
      now += HOUR_MS;
      expect((await start(token)).status).toBe(200);
    },
  );
});
