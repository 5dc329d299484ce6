// Bank cards (docs/api.md "Bank cards") over real HTTP and the real envelope, on both engines: the two-step
// binding with the sandbox provider's outcomes (docs/sandbox.md), the rules (verified identity, debit cards
// of supported banks, 16-19 digits, no duplicates, at most N cards also under parallel binds, a daily cap on
// checks also under parallel requests, single-use tickets of one account), set-default and unbind with an
// SMS code, messages, encryption at rest and deletion with the account.
import { randomInt } from 'node:crypto';
import {
  CODE,
  SUBCODE,
  type ApiResponse,
  type Endpoint,
  type EndpointResponseData,
  type BankCardView,
  bindBankcard,
  userBindBankcard,
  bankCardList,
  bankListNew,
  bankList,
  bankcardInfo,
  messageList,
  sendSmsCode,
  setDefaultBankcard,
  unbindBankcard,
  h5FaceVerify,
  cancelAccount,
} from '@tyd/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, type EndpointPayload, type PayloadArg, refusalData } from '../support/api-client.js';
import { latestCode, outbox, testClock, type TestClock } from '../support/accounts.js';
import { createSession, createUser, insertVerifiedIdentity, uniquePhone } from '../support/factories.js';
import { certificationSteps, uniqueCardPhoto } from '../support/identity.js';
import { ENGINES, itSqliteOnly } from '../support/test-databases.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const DAY = 86_400_000;

/** A card number of `length` digits starting with `prefix`, with a correct (or, asked, a wrong) Luhn check digit. */
function card(prefix: string, length = 19, luhn = true): string {
  let body = prefix;
  while (body.length < length - 1) body += String(randomInt(0, 10));
  let sum = 0;
  for (let i = 0; i < body.length; i += 1) {
    let d = Number(body[body.length - 1 - i]);
    if (i % 2 === 0) d *= 2;
    sum += d > 9 ? d - 9 : d;
  }
  const check = (10 - (sum % 10)) % 10;
  return body + String(luhn ? check : (check + 1) % 10);
}
const icbc = () => card('622202');

// PostgreSQL runs the binding journey, the parallel caps and binds, encryption at rest and erasure; the checks
// of one request at a time (itSqliteOnly) run on SQLite only (docs/operations.md "Test suite").
describe.each(ENGINES)('bank cards on %s', (engine) => {
  let t: TestApp;
  let clock: TestClock;
  let client: ApiClient;
  beforeAll(async () => {
    clock = testClock();
    t = await startTestApp({
      engine,
      clock,
      env: {
        BANKCARD_MAX_CARDS: '5',
        BANKCARD_CHECKS_PER_DAY: '10',
        HUMAN_CHECK_IP_PER_HOUR: '100000',
        HUMAN_CHECK_SERVICE_PER_MINUTE: '1000000',
        SMS_HOURLY_CAP_PER_IP: '100000',
      },
    });
    client = await t.client();
  });
  afterAll(async () => {
    await t?.close();
  });

  interface Member {
    userId: string;
    accessToken: string;
    phone: string;
  }
  /** A user with a session and, unless told otherwise, a verified identity (inserted as identity certification leaves it). */
  async function member(opts: { verified?: boolean; idNumber?: string } = {}): Promise<Member> {
    const phone = uniquePhone();
    const user = await createUser(t.app.accounts.repos, { phone, now: clock() });
    const { accessToken } = await createSession(t.app.accounts.repos, user, { now: clock(), ttlMs: 30 * DAY });
    if (opts.verified !== false)
      await insertVerifiedIdentity(t.app.database.db, t.secrets, user.id, { ...(opts.idNumber && { idNumber: opts.idNumber }), now: clock() });
    return { userId: user.id, accessToken, phone };
  }
  const call = async <E extends Endpoint>(m: Member, endpoint: E, ...[payload]: PayloadArg<E>): Promise<ApiResponse<EndpointResponseData<E>>> =>
    (await client.call(endpoint, (payload ?? {}) as EndpointPayload<E>, { accessToken: m.accessToken })).response!;
  const start = (m: Member, cardNumber: string, phone = uniquePhone()) => call(m, bindBankcard, { cardNumber, phone });
  const ticketOf = (answer: ApiResponse) => (answer.data as { ticket: string }).ticket;
  async function bind(m: Member, cardNumber = icbc(), phone = uniquePhone()): Promise<BankCardView> {
    const started = await start(m, cardNumber, phone);
    expect(started.code, JSON.stringify(started)).toBe('200');
    const confirmed = await call(m, userBindBankcard, { ticket: ticketOf(started), smsCode: await latestCode(t.baseUrl, phone) });
    expect(confirmed.code, JSON.stringify(confirmed)).toBe('200');
    return confirmed.data as BankCardView;
  }
  const cards = async (m: Member) => ((await call(m, bankCardList)).data as { items: BankCardView[] }).items;
  const rawRows = (userId: string) => t.app.database.db.selectFrom('bank_cards').selectAll().where('user_id', '=', userId).execute();

  itSqliteOnly(engine)('lists the supported banks: listnew with marks, debit only and limits; bank-list code and name', async () => {
    const m = await member();
    const listnew = await call(m, bankListNew);
    expect(listnew.code).toBe('200');
    const banks = (listnew.data as { banks: Array<{ code: string; name: string; cardTypes: string[]; singleLimit: number; mark: { text: string } }> }).banks;
    expect(banks.find((bank) => bank.code === 'ICBC')).toMatchObject({
      name: '工商银行',
      cardTypes: ['debit'],
      singleLimit: 50_000,
      dailyLimit: 50_000,
      mark: { text: '工' },
    });
    expect(banks.some((bank) => bank.code === 'SANDBOX')).toBe(false);
    const legacy = await call(m, bankList);
    expect((legacy.data as { banks: unknown[] }).banks).toEqual(banks.map(({ code, name }) => ({ code, name })));
  });

  it('binds in two steps: the check and a code to the reserved phone, then ticket + code; masked only; a message', async () => {
    const m = await member();
    const cardNumber = icbc();
    const phone = uniquePhone();
    const started = await start(m, cardNumber, phone);
    expect(started).toMatchObject({
      code: '200',
      data: {
        bankCode: 'ICBC',
        bankName: '工商银行',
        cardType: 'debit',
        maskedNumber: `${cardNumber.slice(0, 4)} **** **** ${cardNumber.slice(-4)}`,
        maskedPhone: `${phone.slice(0, 3)}****${phone.slice(-4)}`,
      },
    });
    expect(JSON.stringify(started)).not.toContain(cardNumber);
    const [sms] = await outbox(t.baseUrl, phone);
    expect(sms?.purpose).toBe('bind-card');
    // The account's own phone got nothing: the code goes to the phone the bank has.
    expect(await outbox(t.baseUrl, m.phone)).toEqual([]);
    const wrong = sms!.code === '000000' ? '111111' : '000000';
    expect(await call(m, userBindBankcard, { ticket: ticketOf(started), smsCode: wrong })).toMatchObject({ code: '400', subcode: SUBCODE.SMS_CODE_WRONG });
    const confirmed = await call(m, userBindBankcard, { ticket: ticketOf(started), smsCode: sms!.code });
    expect(confirmed).toMatchObject({ code: '200', data: { bankCode: 'ICBC', last4: cardNumber.slice(-4), isDefault: true, cardType: 'debit' } });
    expect(JSON.stringify(confirmed)).not.toContain(cardNumber);
    expect(await call(m, bankCardList)).toMatchObject({ data: { maxCards: 5, identityVerified: true } });
    expect(await cards(m)).toHaveLength(1);
    const info = await call(m, bankcardInfo, { cardId: (confirmed.data as BankCardView).cardId });
    expect(info.data).toEqual(confirmed.data);
    // A replayed confirmation: the ticket was spent.
    expect(await call(m, userBindBankcard, { ticket: ticketOf(started), smsCode: sms!.code })).toMatchObject({
      code: '400',
      subcode: SUBCODE.BIND_TICKET_INVALID,
    });
    expect(await cards(m)).toHaveLength(1);
    // The same card again.
    expect(await start(m, cardNumber)).toMatchObject({ code: CODE.CONFLICT, subcode: SUBCODE.BANK_CARD_DUPLICATE });
    const messages = await call(m, messageList, {});
    expect(JSON.stringify(messages.data)).toContain('银行卡绑定成功');
    expect(JSON.stringify(messages.data)).toContain(`尾号${cardNumber.slice(-4)}`);
  });

  itSqliteOnly(engine)("refuses someone else's ticket alike, and the owner can still confirm", async () => {
    const owner = await member();
    const other = await member();
    const phone = uniquePhone();
    const started = await start(owner, icbc(), phone);
    const smsCode = await latestCode(t.baseUrl, phone);
    expect(await call(other, userBindBankcard, { ticket: ticketOf(started), smsCode })).toMatchObject({ code: '400', subcode: SUBCODE.BIND_TICKET_INVALID });
    expect(await cards(other)).toEqual([]);
    expect(await call(owner, userBindBankcard, { ticket: ticketOf(started), smsCode })).toMatchObject({ code: '200' });
  });

  itSqliteOnly(engine)('refuses bad input with a clear code and stores nothing', async () => {
    const unverified = await member({ verified: false });
    expect(await start(unverified, icbc())).toMatchObject({ code: CODE.FORBIDDEN, subcode: SUBCODE.IDENTITY_NOT_VERIFIED });
    expect(await call(unverified, bankCardList)).toMatchObject({ code: '200', data: { items: [], maxCards: 5, identityVerified: false } });
    const m = await member();
    for (const cardNumber of ['6222abcd12345678', '622202123456789', '62220212345678901234', '6222 0212 3456 7890', '']) {
      const answer = await start(m, cardNumber);
      expect(answer.subcode, cardNumber).toBe(cardNumber === '' ? SUBCODE.BAD_PAYLOAD : SUBCODE.BANK_CARD_NUMBER_INVALID);
    }
    expect(await start(m, card('622575', 16))).toMatchObject({ code: '400', subcode: SUBCODE.BANK_CARD_CREDIT });
    expect(await start(m, card('999999'))).toMatchObject({ code: '400', subcode: SUBCODE.BANK_NOT_SUPPORTED });
    expect(await start(m, icbc(), '12345')).toMatchObject({ code: '400', subcode: SUBCODE.PHONE_INVALID });
    // The holder is the verified identity: a name or ID number cannot be sent.
    expect(
      (await client.call(bindBankcard, { cardNumber: icbc(), phone: uniquePhone(), name: '张三' }, { accessToken: m.accessToken, raw: true })).response,
    ).toMatchObject({ code: '400', subcode: SUBCODE.BAD_PAYLOAD });
    expect(await call(m, bankcardInfo, { cardId: 'bc_AAAAAAAAAAAAAAAAAAAAAA' })).toMatchObject({ code: CODE.NOT_FOUND, subcode: SUBCODE.BANK_CARD_NOT_FOUND });
    // bind-card codes come from bind-bankcard only.
    expect(await call(m, sendSmsCode, { purpose: 'bind-card' })).toMatchObject({ code: '400', subcode: SUBCODE.BAD_PAYLOAD });
    expect(await rawRows(m.userId)).toEqual([]);
    expect(await rawRows(unverified.userId)).toEqual([]);
  });

  it('answers a card id by its shape: one of bc_ and 22 base64url characters naming no card of this account 404/4908, any other 400/4009', async () => {
    const owner = await member();
    const other = await member();
    const card = await bind(owner);
    expect(card.cardId).toMatch(/^bc_[A-Za-z0-9_-]{22}$/);
    for (const cardId of [card.cardId, 'bc_AAAAAAAAAAAAAAAAAAAAAA', `bc_${'-'.repeat(22)}`]) {
      for (const path of [bankcardInfo, setDefaultBankcard]) {
        expect(await call(other, path, { cardId }), `${path.path} ${cardId}`).toMatchObject({ code: CODE.NOT_FOUND, subcode: SUBCODE.BANK_CARD_NOT_FOUND });
      }
    }
    for (const cardId of [
      'bc_doesnotexist',
      `bc_${'A'.repeat(21)}`,
      `bc_${'A'.repeat(23)}`,
      `bc_${'A'.repeat(32)}`,
      `BC_${'A'.repeat(22)}`,
      `bc_${'A'.repeat(21)}=`,
      card.cardId.slice(3),
      '',
      42,
    ]) {
      for (const [path, payload] of [
        [bankcardInfo, { cardId }],
        [setDefaultBankcard, { cardId }],
        [unbindBankcard, { cardId, smsCode: '123456' }],
      ] as const) {
        expect((await client.call(path, payload, { accessToken: owner.accessToken, raw: true })).response, `${path.path} ${String(cardId)}`).toMatchObject({
          code: CODE.BAD_REQUEST,
          subcode: SUBCODE.BAD_PAYLOAD,
        });
      }
    }
    expect(await call(owner, bankcardInfo, { cardId: card.cardId })).toMatchObject({ code: '200', data: { cardId: card.cardId } });
  });

  itSqliteOnly(engine)("maps the provider's outcomes to codes (sandbox magic numbers) and stores nothing", async () => {
    const m = await member();
    const cases: Array<[string, string, string, unknown]> = [
      [card('62000000'), uniquePhone(), SUBCODE.BANK_CARD_MISMATCH, { outcome: 'mismatch', field: 'holder' }],
      [card('62000001'), uniquePhone(), SUBCODE.BANK_CARD_UNUSABLE, { outcome: 'unusable', reason: 'frozen' }],
      [card('62000002'), uniquePhone(), SUBCODE.BANK_CARD_UNUSABLE, { outcome: 'unusable', reason: 'lost' }],
      [card('62000003'), uniquePhone(), SUBCODE.BANK_CARD_UNUSABLE, { outcome: 'unusable', reason: 'expired' }],
      [card('62000004'), uniquePhone(), SUBCODE.BANK_CARD_UNUSABLE, { outcome: 'unusable', reason: 'no-card-not-present' }],
      [icbc(), '13900000000', SUBCODE.BANK_CARD_MISMATCH, { outcome: 'mismatch', field: 'phone' }],
      [card('622202', 19, false), uniquePhone(), SUBCODE.BANK_CARD_MISMATCH, { outcome: 'mismatch', field: 'card-number' }],
    ];
    for (const [cardNumber, phone, subcode, data] of cases) {
      expect(await start(m, cardNumber, phone), cardNumber.slice(0, 8)).toMatchObject({ code: '400', subcode, data });
      expect(await outbox(t.baseUrl, phone)).toEqual([]);
    }
    expect(await start(m, card('62000009'))).toMatchObject({ code: CODE.UPSTREAM_FAILED, subcode: SUBCODE.PROVIDER_UNAVAILABLE });
    // ID sequence 994: the card is not in this identity's name. Reached as a user reaches it (docs/sandbox.md):
    // a portrait photo 994 px high, certification and the sandbox face check (994 is no face outcome), then
    // the bank refuses the card.
    const steps = certificationSteps(() => t, clock);
    const certified = await steps.loggedIn();
    expect(((await steps.confirmed(certified.client, uniqueCardPhoto(994))).data as { idNumber: string }).idNumber.slice(14, 17)).toBe('994');
    await steps.faceDone(certified.client);
    expect(await steps.call(certified.client, h5FaceVerify)).toMatchObject({ code: '200', data: { state: 'verified' } });
    const stranger: Member = { userId: certified.userId, accessToken: certified.client.accessToken!, phone: '' };
    expect(await start(stranger, icbc())).toMatchObject({
      code: '400',
      subcode: SUBCODE.BANK_CARD_MISMATCH,
      data: { outcome: 'mismatch', field: 'id-number' },
    });
    expect(await rawRows(m.userId)).toEqual([]);
    expect(await rawRows(stranger.userId)).toEqual([]);
  });

  it('caps the checks of a day per account, exactly, under parallel requests (counted before the provider)', async () => {
    const m = await member();
    const answers = await Promise.all(Array.from({ length: 16 }, () => start(m, card('62000001'))));
    const subcodes = answers.map((a) => a.subcode);
    expect(subcodes.filter((s) => s === SUBCODE.BANK_CARD_UNUSABLE)).toHaveLength(10);
    expect(subcodes.filter((s) => s === SUBCODE.BANK_CARD_CHECK_LIMIT)).toHaveLength(6);
    const limited = answers.find((a) => a.subcode === SUBCODE.BANK_CARD_CHECK_LIMIT)!;
    expect(limited.code).toBe(CODE.TOO_MANY_REQUESTS);
    expect(refusalData<{ retryAfterSeconds: number }>(limited).retryAfterSeconds).toBeGreaterThan(0);
    // Another account is not affected; the next China day the account may check again.
    expect((await start(await member(), card('62000001'))).subcode).toBe(SUBCODE.BANK_CARD_UNUSABLE);
    clock.advance(DAY);
    expect((await start(m, card('62000001'))).subcode).toBe(SUBCODE.BANK_CARD_UNUSABLE);
  });

  it('binds a card once when two binds of it are confirmed in parallel', async () => {
    const m = await member();
    const cardNumber = icbc();
    const [phoneA, phoneB] = [uniquePhone(), uniquePhone()];
    const a = await start(m, cardNumber, phoneA);
    const b = await start(m, cardNumber, phoneB);
    const [codeA, codeB] = [await latestCode(t.baseUrl, phoneA), await latestCode(t.baseUrl, phoneB)];
    const answers = await Promise.all([
      call(m, userBindBankcard, { ticket: ticketOf(a), smsCode: codeA }),
      call(m, userBindBankcard, { ticket: ticketOf(b), smsCode: codeB }),
    ]);
    expect(answers.map((x) => x.code).sort()).toEqual(['200', '409']);
    expect(answers.find((x) => x.code === '409')?.subcode).toBe(SUBCODE.BANK_CARD_DUPLICATE);
    expect(await rawRows(m.userId)).toHaveLength(1);
  });

  it('holds the card limit exactly under parallel binds, and refuses a sixth card', async () => {
    const m = await member();
    const phones = Array.from({ length: 7 }, () => uniquePhone());
    const started = await Promise.all(phones.map((phone) => start(m, icbc(), phone)));
    for (const answer of started) expect(answer.code).toBe('200');
    const codes = await Promise.all(phones.map((phone) => latestCode(t.baseUrl, phone)));
    const confirmed = await Promise.all(started.map((answer, i) => call(m, userBindBankcard, { ticket: ticketOf(answer), smsCode: codes[i]! })));
    expect(confirmed.filter((x) => x.code === '200')).toHaveLength(5);
    expect(confirmed.filter((x) => x.subcode === SUBCODE.BANK_CARD_LIMIT)).toHaveLength(2);
    expect(confirmed.find((x) => x.subcode === SUBCODE.BANK_CARD_LIMIT)?.data).toEqual({ maxCards: 5 });
    const list = await cards(m);
    expect(list).toHaveLength(5);
    expect(list.filter((c) => c.isDefault)).toHaveLength(1);
    expect(await start(m, icbc())).toMatchObject({ code: CODE.CONFLICT, subcode: SUBCODE.BANK_CARD_LIMIT });
  });

  it('keeps the 快捷支付服务协议 version agreed at step 1 and when, on every answer with the card; a card from before has null', async () => {
    const m = await member();
    const list = await call(m, bankCardList);
    expect(list.data).toMatchObject({ agreement: { title: '快捷支付服务协议', version: '2026-11-27', url: '/agreements/quick-payment-agreement.html' } });
    const phone = uniquePhone();
    const agreedAt = clock();
    const started = await start(m, icbc(), phone);
    // Pressing 下一步 agrees (the bind page says so); the confirmation comes later.
    clock.advance(90_000);
    const confirmed = await call(m, userBindBankcard, { ticket: ticketOf(started), smsCode: await latestCode(t.baseUrl, phone) });
    const card = confirmed.data as BankCardView;
    expect(card.agreement).toEqual({ version: '2026-11-27', agreedAt });
    expect(card.boundAt).toBe(agreedAt + 90_000);
    expect((await call(m, bankcardInfo, { cardId: card.cardId })).data).toMatchObject({ agreement: { version: '2026-11-27', agreedAt } });
    expect((await cards(m))[0]?.agreement).toEqual({ version: '2026-11-27', agreedAt });
    const [row] = await rawRows(m.userId);
    expect([row?.agreement_version, Number(row?.agreed_at)]).toEqual(['2026-11-27', agreedAt]);
    // A card bound before the version was recorded: nothing is made up for it.
    await t.app.database.db.updateTable('bank_cards').set({ agreement_version: null, agreed_at: null }).where('id', '=', card.cardId).execute();
    expect((await call(m, bankcardInfo, { cardId: card.cardId })).data).toMatchObject({ cardId: card.cardId, agreement: null });
    expect((await call(m, setDefaultBankcard, { cardId: card.cardId })).data).toMatchObject({ agreement: null });
  });

  itSqliteOnly(engine)('sets the default card and unbinds with a code to the account phone; the default moves on; messages', async () => {
    const m = await member();
    const first = await bind(m);
    clock.advance(1_000);
    const second = await bind(m);
    expect(second.isDefault).toBe(false);
    expect(await call(m, setDefaultBankcard, { cardId: second.cardId })).toMatchObject({ code: '200', data: { cardId: second.cardId, isDefault: true } });
    expect((await cards(m)).map((c) => [c.cardId, c.isDefault])).toEqual([
      [second.cardId, true],
      [first.cardId, false],
    ]);
    expect(await call(m, sendSmsCode, { purpose: 'unbind-card' })).toMatchObject({ code: '200' });
    const [sms] = await outbox(t.baseUrl, m.phone);
    expect(sms?.purpose).toBe('unbind-card');
    const wrong = sms!.code === '000000' ? '111111' : '000000';
    expect(await call(m, unbindBankcard, { cardId: second.cardId, smsCode: wrong })).toMatchObject({ code: '400', subcode: SUBCODE.SMS_CODE_WRONG });
    expect(await call(m, unbindBankcard, { cardId: second.cardId, smsCode: sms!.code })).toMatchObject({
      code: '200',
      data: { cardId: second.cardId, defaultCardId: first.cardId },
    });
    expect((await cards(m)).map((c) => [c.cardId, c.isDefault])).toEqual([[first.cardId, true]]);
    // The code is spent; another account's card is not found.
    expect(await call(m, unbindBankcard, { cardId: first.cardId, smsCode: sms!.code })).toMatchObject({ code: '400', subcode: SUBCODE.SMS_CODE_EXPIRED });
    const other = await member();
    expect(await call(other, setDefaultBankcard, { cardId: first.cardId })).toMatchObject({ code: CODE.NOT_FOUND, subcode: SUBCODE.BANK_CARD_NOT_FOUND });
    expect(await call(other, bankcardInfo, { cardId: first.cardId })).toMatchObject({ code: CODE.NOT_FOUND, subcode: SUBCODE.BANK_CARD_NOT_FOUND });
    const messages = JSON.stringify((await call(m, messageList, {})).data);
    expect(messages).toContain('银行卡已解绑');
    expect(messages).toContain(`尾号${second.last4}`);
  });

  it('keeps the number encrypted at rest (no number in the row) and deletes the cards with the account', async () => {
    const m = await member();
    const cardNumber = icbc();
    await bind(m, cardNumber);
    const [row] = await rawRows(m.userId);
    const raw = JSON.stringify(row);
    expect(raw).not.toContain(cardNumber);
    expect(raw).not.toContain(cardNumber.slice(4, -4));
    expect(row?.card_enc).toMatch(/^v1\./);
    expect(row?.last4).toBe(cardNumber.slice(-4));

    clock.advance(2 * 60_000);
    expect(await call(m, sendSmsCode, { purpose: 'deregister' })).toMatchObject({ code: '200' });
    expect(await call(m, cancelAccount, { smsCode: await latestCode(t.baseUrl, m.phone) })).toMatchObject({ code: '200' });
    expect(await rawRows(m.userId)).toEqual([]);
  });
});
