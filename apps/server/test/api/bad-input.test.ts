// The bad-input suite: generated hostile requests, each answered with its documented
// code and subcode (docs/api.md), plaintext when rejected before decryption and sealed after; the server
// stays healthy and nothing is written. On SQLite only (docs/operations.md "Test suite"): every case is one
// request at a time, refused before any query (the envelope, headers, signature, clock, XSRF, the payload's
// schema) or by a session lookup of the token's hash, and the nonces are kept in the request store, not the
// database; the sealed pipeline meets PostgreSQL in every journey on both engines.
import { randomBytes } from 'node:crypto';
import {
  APP_IDS,
  CODE,
  HEADER,
  PROTOCOL_VERSION,
  SUBCODE,
  fromBase64,
  generateServerKeyPair,
  randomNonce,
  signRequest,
  toBase64,
  checkLogin,
  type Endpoint,
  logout,
} from '@tyd/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, type PrepareOptions, type PreparedRequest } from '../support/api-client.js';
import { createSession, createUser } from '../support/factories.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { SQLITE_ONLY } from '../support/test-databases.js';

const CHECK = checkLogin;
const LOGOUT = logout;

interface Expected {
  status: number;
  kind: 'plain' | 'sealed';
  code: string;
  subcode?: string;
}

interface Env {
  t: TestApp;
  client: ApiClient;
  /** A live session, used where a case must get past the session step. */
  accessToken: string;
}

interface BadCase {
  name: string;
  expected: Expected;
  make(env: Env): Promise<PreparedRequest & { method?: string }>;
}

const plain = (code: string, subcode?: string, status = 200): Expected => ({ status, kind: 'plain', code, ...(subcode && { subcode }) });
const sealed = (code: string, subcode?: string): Expected => ({ status: 200, kind: 'sealed', code, ...(subcode && { subcode }) });
const BAD_ENVELOPE = plain(CODE.BAD_REQUEST, SUBCODE.BAD_ENVELOPE);
const DECRYPT_FAILED = plain(CODE.BAD_REQUEST, SUBCODE.DECRYPT_FAILED);
const BAD_HEADERS = plain(CODE.BAD_REQUEST, SUBCODE.BAD_HEADERS);

const withHeaders = (p: PreparedRequest, patch: Record<string, string | undefined>): PreparedRequest => {
  const headers = { ...p.headers };
  for (const [k, v] of Object.entries(patch)) {
    if (v === undefined) delete headers[k];
    else headers[k] = v;
  }
  return { ...p, headers };
};
const withBody = (p: PreparedRequest, body: string): PreparedRequest => ({ ...p, body });
const dataOf = (p: PreparedRequest): string => (JSON.parse(p.body) as { data: string }).data;
const withBlob = (p: PreparedRequest, edit: (blob: Uint8Array) => Uint8Array): PreparedRequest =>
  withBody(p, JSON.stringify({ data: toBase64(edit(new Uint8Array(fromBase64(dataOf(p))))) }));
// Off-contract payloads are the point of this suite: every request goes through the raw option.
const valid = (env: Env, endpoint: Endpoint = CHECK, payload: unknown = {}, opts: PrepareOptions = {}) =>
  env.client.prepare(endpoint, payload, { ...opts, raw: true });

/** Re-signs a request after its signed headers were changed, so only the intended check fails. */
async function resign(p: PreparedRequest, secret: string): Promise<PreparedRequest> {
  const sign = await signRequest(secret, {
    path: p.context.path,
    protocolVersion: p.headers[HEADER.protocolVersion] ?? '',
    appId: p.headers[HEADER.appId] ?? '',
    timestamp: p.headers[HEADER.timestamp] ?? '',
    nonce: p.headers[HEADER.nonce] ?? '',
    accessToken: p.headers[HEADER.accessToken] ?? '',
    clientInfo: p.headers[HEADER.clientInfo] ?? '',
    clientVersion: p.headers[HEADER.clientVersion] ?? '',
    data: dataOf(p),
  });
  return withHeaders(p, { [HEADER.sign]: sign });
}

function cases(kid: string): BadCase[] {
  const list: BadCase[] = [];
  const add = (name: string, expected: Expected, make: BadCase['make']) => list.push({ name, expected, make });

  // Body: none, not JSON, wrong shape.
  add('no body', BAD_ENVELOPE, async (e) => withBody(await valid(e), ''));
  const bodies = [
    'abc',
    '{',
    '[]',
    'null',
    '123',
    '"data"',
    'true',
    '{"data":1}',
    '{"data":null}',
    '{"data":{}}',
    '{"data":["x"]}',
    '{}',
    '{"DATA":"AQ=="}',
    '{"data":"AQ==","extra":1}',
    '<xml/>',
    'data=AQ%3D%3D',
    '{"data":"AQ=="',
    '\u0000\u0001',
    '{"__proto__":{"data":"x"}}',
  ];
  for (const body of bodies) add(`body ${JSON.stringify(body)}`, BAD_ENVELOPE, async (e) => withBody(await valid(e), body));
  // Huge bodies: over the 64 KiB limit, answered 413 before anything is read.
  add('body of 64 KiB + 1', plain(CODE.PAYLOAD_TOO_LARGE, undefined, 413), async (e) => withBody(await valid(e), 'a'.repeat(65_537)));
  add('body of 1 MiB', plain(CODE.PAYLOAD_TOO_LARGE, undefined, 413), async (e) => withBody(await valid(e), JSON.stringify({ data: 'A'.repeat(1 << 20) })));
  add('body just under the limit, junk data', BAD_ENVELOPE, async (e) => withBody(await valid(e), JSON.stringify({ data: 'A'.repeat(65_000) })));

  // Base64 that is not strict RFC 4648 §4.
  for (const data of ['', 'not base64!!', 'AQ', 'AQ=', 'A===', '====', 'AQ==\n', ' AQ==', 'AQ-_', '%%%%', 'AQ==AQ==']) {
    add(`data ${JSON.stringify(data)}`, BAD_ENVELOPE, async (e) => withBody(await valid(e), JSON.stringify({ data })));
  }
  add('data as base64url instead of base64', BAD_ENVELOPE, async (e) => {
    const p = await valid(e);
    const data = dataOf(p).replace(/=+$/, '').replaceAll('+', '-').replaceAll('/', '_');
    // Only a malformation when the encodings differ; make sure they do by forcing a '-' or '_'.
    return withBody(p, JSON.stringify({ data: /[-_]/.test(data) ? data : `${data}-` }));
  });

  // Truncated envelopes: shorter than the layout -> 4005, long enough but cut -> 4006 (GCM tag).
  const minimum = 2 + kid.length + 65 + 12 + 16;
  for (const length of [0, 1, 2, 5, 2 + kid.length, 2 + kid.length + 30, 2 + kid.length + 65, minimum - 17, minimum - 1, minimum, minimum + 1]) {
    add(`envelope truncated to ${length} bytes`, length < minimum ? BAD_ENVELOPE : DECRYPT_FAILED, async (e) =>
      withBlob(await valid(e), (b) => b.slice(0, length)),
    );
  }
  add('envelope with a byte appended', DECRYPT_FAILED, async (e) => withBlob(await valid(e), (b) => Uint8Array.from([...b, 0])));

  // Every byte of the envelope flipped: suite, key id length, key id, ephemeral point, iv, ciphertext, tag.
  const blobLength = minimum + 2; // payload '{}'
  for (let i = 0; i < blobLength; i++) {
    let expected: Expected;
    if (i < 2) expected = BAD_ENVELOPE;
    else if (i < 2 + kid.length) {
      const flipped = kid.slice(0, i - 2) + String.fromCharCode(kid.charCodeAt(i - 2) ^ 1) + kid.slice(i - 1);
      expected = /^[A-Za-z0-9_-]{1,32}$/.test(flipped) ? plain(CODE.BAD_REQUEST, SUBCODE.UNKNOWN_KEY) : BAD_ENVELOPE;
    } else if (i < 2 + kid.length + 65)
      expected = BAD_ENVELOPE; // not a point on P-256 any more
    else expected = DECRYPT_FAILED;
    add(`envelope byte ${i} flipped`, expected, async (e) =>
      withBlob(await valid(e), (b) => {
        const copy = Uint8Array.from(b);
        copy[i] = copy[i]! ^ 1;
        return copy;
      }),
    );
  }

  // Keys: unknown key id, right key id with another key.
  for (const keyId of ['unknown', 'k1', 'x'.repeat(32), `${kid}-old`]) {
    add(`key id ${keyId}`, plain(CODE.BAD_REQUEST, SUBCODE.UNKNOWN_KEY), (e) => valid(e, CHECK, {}, { keys: { keyId } }));
  }
  add('sealed to another server key under our key id', DECRYPT_FAILED, async (e) =>
    valid(e, CHECK, {}, { keys: { publicKey: (await generateServerKeyPair()).publicKey } }),
  );

  // Headers bound into the AAD changed after sealing -> the envelope does not open.
  add('x-t changed after sealing', DECRYPT_FAILED, async (e) => {
    const p = await valid(e);
    return withHeaders(p, { [HEADER.timestamp]: String(Number(p.context.timestamp) + 1) });
  });
  add('x-nonce changed after sealing', DECRYPT_FAILED, async (e) => withHeaders(await valid(e), { [HEADER.nonce]: randomNonce() }));
  add('x-appid changed after sealing', DECRYPT_FAILED, async (e) => withHeaders(await valid(e), { [HEADER.appId]: APP_IDS.ios }));
  add('sent to another path than sealed for', DECRYPT_FAILED, async (e) => {
    const p = await valid(e, CHECK, {}, { accessToken: e.accessToken });
    return { ...p, url: p.url.replace(CHECK.path, LOGOUT.path) };
  });

  // Missing and malformed headers.
  for (const name of [HEADER.protocolVersion, HEADER.appId, HEADER.timestamp, HEADER.nonce, HEADER.sign, HEADER.clientInfo, HEADER.clientVersion]) {
    add(`missing ${name}`, BAD_HEADERS, async (e) => withHeaders(await valid(e), { [name]: undefined }));
    add(`empty ${name}`, BAD_HEADERS, async (e) => withHeaders(await valid(e), { [name]: '' }));
  }
  const malformed: Array<[string, string]> = [
    [HEADER.protocolVersion, '1.0'],
    [HEADER.protocolVersion, '2'],
    [HEADER.protocolVersion, "1.1' OR '1'='1"],
    [HEADER.appId, 'tyd h5'],
    [HEADER.appId, '<script>alert(1)</script>'],
    [HEADER.appId, 'a'.repeat(65)],
    [HEADER.appId, "tyd-h5';--"],
    [HEADER.timestamp, 'abc'],
    [HEADER.timestamp, '-1'],
    [HEADER.timestamp, '1.5'],
    [HEADER.timestamp, '0123'],
    [HEADER.timestamp, '1e12'],
    [HEADER.timestamp, '12345678901234567'],
    [HEADER.timestamp, '17000000000000000000'],
    [HEADER.nonce, 'short'],
    [HEADER.nonce, 'A'.repeat(23)],
    [HEADER.nonce, `${'A'.repeat(21)}=`],
    [HEADER.nonce, `${'A'.repeat(21)}+`],
    [HEADER.nonce, `${'A'.repeat(21)}B`],
    [HEADER.sign, 'A'.repeat(42)],
    [HEADER.sign, 'A'.repeat(44)],
    [HEADER.sign, `${'A'.repeat(42)}=`],
    [HEADER.sign, "' OR 1=1 --"],
    [HEADER.clientInfo, 'x'.repeat(513)],
    [HEADER.clientInfo, 'not-json'],
    [HEADER.clientInfo, encodeURIComponent('[1,2]')],
    [HEADER.clientInfo, encodeURIComponent('"str"')],
    [HEADER.clientInfo, '%E0%A4%A'],
    [HEADER.clientVersion, '4.0.1 beta'],
    [HEADER.clientVersion, '<script>'],
    [HEADER.appVersion, "1'; DROP TABLE users; --"],
    [HEADER.accessToken, 'x'.repeat(257)],
  ];
  for (const [name, value] of malformed)
    add(`${name}: ${JSON.stringify(value.slice(0, 40))}`, BAD_HEADERS, async (e) => withHeaders(await valid(e), { [name]: value }));

  // App ids: unknown but well-formed -> 4004; another platform's id with the web secret -> bad signature.
  for (const appId of ['tyd-evil', 'TYD-H5', 'tyd-h5.', 'tyd_h5', 'admin', '0']) {
    add(`app id ${appId}`, sealed(CODE.BAD_REQUEST, SUBCODE.UNKNOWN_APP), (e) => valid(e, CHECK, {}, { keys: { appId } }));
  }
  for (const appId of [APP_IDS.ios, APP_IDS.android]) {
    add(`app id ${appId} signed with the web secret`, sealed(CODE.BAD_REQUEST, SUBCODE.BAD_SIGNATURE), (e) => valid(e, CHECK, {}, { keys: { appId } }));
  }

  // Signatures: wrong, or over other values than sent.
  add('signature of another request', sealed(CODE.BAD_REQUEST, SUBCODE.BAD_SIGNATURE), async (e) => {
    const other = await valid(e);
    return withHeaders(await valid(e), { [HEADER.sign]: other.headers[HEADER.sign] });
  });
  add('signature made with a random secret', sealed(CODE.BAD_REQUEST, SUBCODE.BAD_SIGNATURE), async (e) =>
    resign(await valid(e), randomBytes(32).toString('base64url')),
  );
  add('signature made with the ios secret', sealed(CODE.BAD_REQUEST, SUBCODE.BAD_SIGNATURE), async (e) => resign(await valid(e), e.t.secrets.appSecrets.ios));
  add('signature bytes flipped', sealed(CODE.BAD_REQUEST, SUBCODE.BAD_SIGNATURE), async (e) => {
    const p = await valid(e);
    const sign = p.headers[HEADER.sign] ?? '';
    return withHeaders(p, { [HEADER.sign]: (sign[0] === 'A' ? 'B' : 'A') + sign.slice(1) });
  });
  add('x-client-info changed after signing', sealed(CODE.BAD_REQUEST, SUBCODE.BAD_SIGNATURE), async (e) =>
    withHeaders(await valid(e), { [HEADER.clientInfo]: encodeURIComponent(JSON.stringify({ platform: 'h5', os: 'ios', inApp: true, app: 'planner' })) }),
  );
  add('x-client-version changed after signing', sealed(CODE.BAD_REQUEST, SUBCODE.BAD_SIGNATURE), async (e) =>
    withHeaders(await valid(e), { [HEADER.clientVersion]: '9.9.9' }),
  );
  add('x-v 1.1 but signed as 1.0', sealed(CODE.BAD_REQUEST, SUBCODE.BAD_SIGNATURE), async (e) => {
    const p = await resign(withHeaders(await valid(e), { [HEADER.protocolVersion]: '1.0' }), e.t.secrets.appSecrets.web);
    return withHeaders(p, { [HEADER.protocolVersion]: PROTOCOL_VERSION });
  });
  add('access token added after signing', sealed(CODE.BAD_REQUEST, SUBCODE.BAD_SIGNATURE), async (e) =>
    withHeaders(await valid(e), { [HEADER.accessToken]: e.accessToken }),
  );
  add('access token removed after signing', sealed(CODE.BAD_REQUEST, SUBCODE.BAD_SIGNATURE), async (e) =>
    withHeaders(await valid(e, CHECK, {}, { accessToken: e.accessToken }), { [HEADER.accessToken]: undefined }),
  );
  add('logout signed without the token it carries', sealed(CODE.BAD_REQUEST, SUBCODE.BAD_SIGNATURE), async (e) =>
    withHeaders(await valid(e, LOGOUT), { [HEADER.accessToken]: e.accessToken }),
  );

  // Timestamps more than 300 s behind or 60 s ahead -> 4001 (with x-server-time, checked below). Ahead is
  // bounded tighter because it decides how long a nonce must be remembered.
  for (const offset of [-301_000, -600_000, -86_400_000, 61_000, 299_000, 301_000, 3_600_000, 31_536_000_000]) {
    add(`timestamp ${offset / 1000} s off`, sealed(CODE.BAD_REQUEST, SUBCODE.CLOCK_SKEW), (e) =>
      valid(e, CHECK, {}, { timestamp: String(Date.now() + offset) }),
    );
  }
  for (const timestamp of ['0', '1', '9999999999999999']) {
    add(`timestamp ${timestamp}`, sealed(CODE.BAD_REQUEST, SUBCODE.CLOCK_SKEW), (e) => valid(e, CHECK, {}, { timestamp }));
  }

  // Anti-forgery.
  add('no x-xsrf-token header', sealed(CODE.FORBIDDEN, SUBCODE.XSRF), async (e) => withHeaders(await valid(e), { [HEADER.xsrf]: undefined }));
  add('no XSRF-TOKEN cookie', sealed(CODE.FORBIDDEN, SUBCODE.XSRF), async (e) => withHeaders(await valid(e), { cookie: undefined }));
  add('x-xsrf-token differs from the cookie', sealed(CODE.FORBIDDEN, SUBCODE.XSRF), async (e) => {
    const other = new ApiClient(e.t.baseUrl, e.client.keys);
    await other.loadPage();
    return withHeaders(await valid(e), { [HEADER.xsrf]: other.cookies.get('XSRF-TOKEN') });
  });
  for (const planted of ['attacker', `${'A'.repeat(22)}.${'B'.repeat(43)}`, "x'; DROP TABLE sessions; --"]) {
    add(`planted XSRF cookie ${planted.slice(0, 20)}`, sealed(CODE.FORBIDDEN, SUBCODE.XSRF), async (e) =>
      withHeaders(await valid(e), { [HEADER.xsrf]: planted, cookie: `XSRF-TOKEN=${encodeURIComponent(planted)}` }),
    );
  }

  // Sessions: SQL, script and junk as tokens -> 401, never a lookup hit (a token with a space is not
  // even a well-formed header value -> 4010).
  for (const accessToken of [
    "' OR '1'='1",
    '1; DROP TABLE sessions; --',
    "'OR'1'='1",
    '1;DROP/**/TABLE/**/sessions',
    '<script>alert(1)</script>',
    '../../etc/passwd',
    'A'.repeat(43),
    '%00',
    'null',
  ]) {
    const expected = accessToken.includes(' ') ? BAD_HEADERS : sealed(CODE.UNAUTHORIZED);
    add(`access token ${JSON.stringify(accessToken)}`, expected, (e) => valid(e, CHECK, {}, { accessToken }));
  }
  add('access token cookie with SQL', sealed(CODE.UNAUTHORIZED), async (e) => {
    const p = await valid(e);
    return withHeaders(p, { cookie: `${p.headers.cookie}; x-access-token=${encodeURIComponent("' OR 1=1 --")}` });
  });
  add('logout without a session', sealed(CODE.UNAUTHORIZED), (e) => valid(e, LOGOUT));

  // Payloads: wrong types, extra fields, SQL and script strings (valid session, so the schema decides).
  const payloads: unknown[] = [
    { a: 1 },
    { loggedIn: true },
    JSON.parse('{"__proto__":{"admin":true}}'),
    { constructor: { prototype: { admin: true } } },
    [],
    [1, 2],
    null,
    0,
    -1,
    1.5,
    true,
    false,
    '',
    'x',
    "' OR 1=1 --",
    '<script>alert(1)</script>',
    { phone: "13812345678' OR '1'='1" },
    { sql: "'; DROP TABLE users; --" },
    { html: '<img src=x onerror=alert(1)>' },
    { '': 1 },
    { nested: JSON.parse(`${'{"a":'.repeat(200)}1${'}'.repeat(200)}`) },
    { long: 'x'.repeat(30_000) },
    { unicode: '\u202e\u0000\ud83d\ude00' },
  ];
  for (const path of [CHECK, LOGOUT]) {
    payloads.forEach((payload, i) => {
      add(`${path.path} payload #${i} ${JSON.stringify(payload)?.slice(0, 30)}`, sealed(CODE.BAD_REQUEST, SUBCODE.BAD_PAYLOAD), (e) =>
        valid(e, path, payload, { accessToken: e.accessToken }),
      );
    });
  }

  // Paths and methods that are no endpoint.
  for (const path of [
    '/tydApi/v1/user/check-login/',
    '/tydApi/v1/user/CHECK-LOGIN',
    '/tydApi/v1/user/check-login;drop',
    '/tydApi/v2/user/check-login',
    '/tydApi',
    '/tydApi/v1/user/%27%20OR%201%3D1',
  ]) {
    add(`POST ${path}`, plain(CODE.NOT_FOUND, undefined, 404), async (e) => ({ ...(await valid(e)), url: `${e.t.baseUrl}${path}` }));
  }
  for (const method of ['GET', 'PUT', 'DELETE', 'PATCH']) {
    add(`${method} check-login`, plain(CODE.NOT_FOUND, undefined, 404), async (e) => ({ ...(await valid(e)), method }));
  }
  return list;
}

describe.each(SQLITE_ONLY)('bad input on %s', (engine) => {
  const env = {} as Env;
  let snapshot: () => Promise<unknown>;
  let before: unknown;
  let kid = '';

  beforeAll(async () => {
    env.t = await startTestApp({ engine });
    env.client = await env.t.client();
    const user = await createUser(env.t.app.accounts.repos);
    env.accessToken = (await createSession(env.t.app.accounts.repos, user)).accessToken;
    kid = env.client.keys.keyId;
    const db = env.t.app.database.db;
    snapshot = async () => ({
      users: await db.selectFrom('users').selectAll().orderBy('id').execute(),
      // The valid calls among the cases note their session's last activity (docs/api.md "Account security"):
      // those columns may move, nothing else may.
      sessions: (await db.selectFrom('sessions').selectAll().orderBy('id').execute()).map(({ last_active_at, region, address, ...rest }) => {
        void [last_active_at, region, address];
        return rest;
      }),
    });
    before = await snapshot();
  });

  afterAll(async () => {
    await env.t?.close();
  });

  it('has at least 200 cases', () => {
    expect(cases(kid).length).toBeGreaterThanOrEqual(200);
  });

  // Built lazily: the key id is known only once the app has started.
  it('answers every case with its documented code', async () => {
    const failures: string[] = [];
    for (const c of cases(kid)) {
      const { method, ...prepared } = await c.make(env);
      let result;
      if (method) {
        const res = await fetch(prepared.url, { method, headers: prepared.headers, ...(method !== 'GET' && { body: prepared.body }) });
        const raw = await res.text();
        result = { status: res.status, kind: 'plain' as const, response: JSON.parse(raw) as { code: string; subcode?: string }, headers: res.headers };
      } else {
        result = await env.client.send(prepared);
      }
      const got = {
        status: result.status,
        kind: result.kind,
        code: result.response?.code,
        ...(result.response?.subcode && { subcode: result.response.subcode }),
      };
      if (JSON.stringify(got) !== JSON.stringify(c.expected)) failures.push(`${c.name}: expected ${JSON.stringify(c.expected)}, got ${JSON.stringify(got)}`);
      if (c.expected.subcode === SUBCODE.CLOCK_SKEW) {
        const serverTime = Number(result.headers.get(HEADER.serverTime));
        if (!(Math.abs(serverTime - Date.now()) < 60_000)) failures.push(`${c.name}: x-server-time ${serverTime} is not the server clock`);
      }
      // Nothing internal leaks: no stack traces or library names in any answer.
      if (result.response && /Error|at |node_modules|FST_|sqlite|postgres/i.test(JSON.stringify(result.response)))
        failures.push(`${c.name}: answer leaks internals`);
    }
    expect(failures).toEqual([]);
  });

  it('rejects a replayed nonce, first sealed as accepted then as a replay', async () => {
    const p = await env.client.prepare(CHECK, {}, { accessToken: env.accessToken });
    expect((await env.client.send(p)).response?.code).toBe(CODE.OK);
    const replay = await env.client.send(p);
    expect(replay.response).toMatchObject({ code: CODE.BAD_REQUEST, subcode: SUBCODE.REPLAY });
    // A replay with another body is caught by the envelope or signature first, never accepted.
    expect((await env.client.send({ ...p, body: (await env.client.prepare(CHECK, {}, { nonce: p.context.nonce })).body })).response?.code).not.toBe(CODE.OK);
  });

  it('accepts timestamps inside the window', async () => {
    // Behind: up to 299 s, but (in-process nonce store) not before the store started: this server is younger.
    const startedAt = env.t.app.requestKv.startedAt ?? 0;
    for (const timestamp of [Math.max(Date.now() - 299_000, startedAt), Date.now() + 59_000]) {
      const result = await env.client.call(CHECK, {}, { accessToken: env.accessToken, timestamp: String(timestamp) });
      expect(result.response?.code).toBe(CODE.OK);
    }
  });

  it('is still healthy and wrote nothing', async () => {
    expect((await fetch(`${env.t.baseUrl}/healthz`)).status).toBe(200);
    expect((await fetch(`${env.t.baseUrl}/readyz`)).status).toBe(200);
    const ok = await env.client.call(CHECK, {}, { accessToken: env.accessToken });
    expect(ok.response?.code).toBe(CODE.OK);
    expect(await snapshot()).toEqual(before);
  });
});
