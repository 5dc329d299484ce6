// The API client against a fake server that speaks the real contract: it opens the sealed
// request with the server key, verifies the signature and headers, and seals its answer.
import {
  API,
  CLIENT_VERSION,
  ERROR_TEXT,
  PROTOCOL_VERSION,
  generateServerKeyPair,
  importServerPrivateKey,
  openRequest,
  sealResponse,
  verifyRequestSignature,
  type ApiResponse,
  type RefResponse,
  type RequestContext,
} from '@tyd/protocol/wire';
import { afterEach, beforeAll, beforeEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { ApiCodeError, TransportError } from './api-errors';
import {
  CLOCK_RELOAD_KEY,
  QUIET_TIMEOUT_MS,
  call,
  clientConfig,
  pageReload,
  request,
  requestCounter,
  setAppVersion,
  setUnauthorizedHandler,
  waitForAppVersion,
} from './api-client';
import { notifyStore, dismissToast } from './notify';
import { clearSession, sessionStore, setClockOffset, startSession } from './session';
import { resetWebConfig } from './web-config';

const SECRET = 'c2VjcmV0LXNlY3JldC1zZWNyZXQtc2VjcmV0LXNlY3I';
let keys: { publicKey: string; privateKey: string };
let privateKey: CryptoKey;

interface SeenRequest {
  path: string;
  headers: Record<string, string>;
  payload: unknown;
  signatureValid: boolean;
}

type Answer = { status?: number; body?: ApiResponse; raw?: string; headers?: Record<string, string> };

const fetchMock = vi.fn<(input: string, init: RequestInit) => Promise<Response>>();
const seen: SeenRequest[] = [];

/** A server answering every call through the real envelope with `answer(request)`. */
function serve(answer: (req: SeenRequest) => Answer) {
  fetchMock.mockImplementation(async (input, init) => {
    const headers = Object.fromEntries(Object.entries(init.headers as Record<string, string>).map(([k, v]) => [k.toLowerCase(), v]));
    const data = (JSON.parse(init.body as string) as { data: string }).data;
    const context: RequestContext = { method: 'POST', path: input, timestamp: headers['x-t']!, appId: headers['x-appid']!, nonce: headers['x-nonce']! };
    const opened = await openRequest({ data, context, privateKeyFor: (kid) => (kid === 'k1' ? privateKey : undefined) });
    const signatureValid = await verifyRequestSignature(
      SECRET,
      {
        path: input,
        protocolVersion: headers['x-v']!,
        appId: headers['x-appid']!,
        timestamp: headers['x-t']!,
        nonce: headers['x-nonce']!,
        accessToken: headers['x-access-token'] ?? '',
        clientInfo: headers['x-client-info']!,
        clientVersion: headers['x-client-version']!,
        data,
      },
      headers['x-sign']!,
    );
    const req = { path: input, headers, payload: opened.payload, signatureValid };
    seen.push(req);
    const out = answer(req);
    const text = out.raw ?? (out.body ? JSON.stringify({ data: await sealResponse({ responseKey: opened.responseKey, context, body: out.body }) }) : '');
    return new Response(text, { status: out.status ?? 200, headers: { 'content-type': 'application/json', ...out.headers } });
  });
}

function lastToast() {
  return notifyStore.get().toast?.text;
}

beforeAll(async () => {
  keys = await generateServerKeyPair();
  privateKey = await importServerPrivateKey(keys.privateKey);
});

beforeEach(() => {
  document.head.innerHTML = `<script id="tyd-config" type="application/json">${JSON.stringify({ appId: 'tyd-h5', appSecret: SECRET, keyId: 'k1', publicKey: keys.publicKey })}</script>`;
  resetWebConfig();
  localStorage.clear();
  sessionStorage.clear();
  document.cookie = 'XSRF-TOKEN=xsrf-value; path=/';
  clearSession();
  setClockOffset(0);
  sessionStore.reload();
  dismissToast();
  seen.length = 0;
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  setUnauthorizedHandler(() => {});
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('request through the envelope', () => {
  it('seals the payload, signs it and sends every contract header', async () => {
    startSession({ accessToken: 'token-1', phone: '13812345678' });
    serve(() => ({ body: { code: '200', msg: '成功', data: { ok: 1 } } }));
    const data = await call(API.noticeDetail, { id: 'n1' });
    expect(data).toEqual({ ok: 1 });
    const [req] = seen;
    // The ref's path, under API_BASE: what the signature and the envelope's AAD cover.
    expect(req?.path).toBe(API.noticeDetail.fullPath);
    expect(req?.path).toBe('/tydApi/v1/notice/notice-detail');
    expect(req?.payload).toEqual({ id: 'n1' });
    expect(req?.signatureValid).toBe(true);
    expect(req?.headers).toMatchObject({
      'x-v': PROTOCOL_VERSION,
      'x-appid': 'tyd-h5',
      'x-ver': CLIENT_VERSION,
      'x-client-version': CLIENT_VERSION,
      'x-access-token': 'token-1',
      'x-xsrf-token': 'xsrf-value',
    });
    expect(req?.headers['x-nonce']).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(JSON.parse(decodeURIComponent(req!.headers['x-client-info']!))).toEqual({ platform: 'h5', os: 'other', inApp: false, app: null });
    const init = fetchMock.mock.calls[0]![1];
    expect(init.method).toBe('POST');
    expect(Object.keys(JSON.parse(init.body as string))).toEqual(['data']);
  });

  it('sends no token header without a session', async () => {
    serve(() => ({ body: { code: '200', msg: '成功' } }));
    await request(API.logout, {});
    expect(seen[0]?.payload).toEqual({});
    expect(seen[0]?.headers).not.toHaveProperty('x-access-token');
  });

  it('inside the app, waits for the app version and sends it in x-ver', async () => {
    let tell!: () => void;
    waitForAppVersion(new Promise<void>((resolve) => (tell = resolve)).then(() => setAppVersion('5.2.0')));
    serve(() => ({ body: { code: '200', msg: '成功' } }));
    const pending = request(API.checkLogin, {});
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetchMock).not.toHaveBeenCalled();
    tell();
    await pending;
    expect(seen[0]?.headers['x-ver']).toBe('5.2.0');
    setAppVersion('');
    expect(clientConfig().appVersion).toBe(CLIENT_VERSION);
  });

  it('corrects the timestamp by the stored clock offset', async () => {
    setClockOffset(-3_600_000);
    serve(() => ({ body: { code: '200', msg: '成功' } }));
    const before = Date.now();
    await request(API.checkLogin, {});
    const sent = Number(seen[0]?.headers['x-t']);
    expect(sent).toBeLessThanOrEqual(Date.now() - 3_600_000);
    expect(sent).toBeGreaterThanOrEqual(before - 3_600_000);
  });

  it('reads a plaintext answer (errors found before decryption)', async () => {
    serve(() => ({ raw: JSON.stringify({ code: '400', subcode: '4003', msg: '请求参数错误', submsg: '请求签名错误' }) }));
    const response = await request(API.checkLogin, {});
    expect(response.code).toBe('400');
    expect(lastToast()).toBe('请求签名错误');
  });
});

describe('the typed call', () => {
  it("takes the payload and gives the answer of the ref's endpoint, with no type argument", () => {
    // Types only: nothing is sent.
    const typesOf = (run: () => unknown) => run;
    typesOf(() => {
      expectTypeOf(call(API.checkLogin, {})).resolves.toEqualTypeOf<{ loggedIn: true; phone: string }>();
      expectTypeOf(request(API.noticeDetail, { id: 'n1' })).resolves.toEqualTypeOf<ApiResponse<RefResponse<typeof API.noticeDetail>>>();
      // @ts-expect-error a payload field the endpoint does not take
      void call(API.checkLogin, { phone: '13812345678' });
      // @ts-expect-error a required field left out
      void call(API.noticeDetail, {});
      // @ts-expect-error a path string is not a ref
      void call('/v1/user/check-login', {});
    });
  });
});

describe('answer handling (SPEC §8)', () => {
  it('toasts submsg, else msg, when the code is not 200', async () => {
    serve(() => ({ body: { code: '409', msg: '请求冲突' } }));
    await expect(call(API.checkLogin, {})).rejects.toBeInstanceOf(ApiCodeError);
    expect(lastToast()).toBe('请求冲突');
    serve(() => ({ body: { code: '409', msg: '请求冲突', submsg: '该手机号已注册' } }));
    await request(API.checkLogin, {});
    expect(lastToast()).toBe('该手机号已注册');
  });

  it('shows nothing for code 480', async () => {
    serve(() => ({ body: { code: '480', msg: '操作未完成', submsg: '不该出现' } }));
    const error = await call(API.checkLogin, {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiCodeError);
    expect((error as ApiCodeError).silent).toBe(true);
    expect(lastToast()).toBeUndefined();
  });

  it('runs the injected 401 handler, unless the caller handles 401 itself', async () => {
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    serve(() => ({ body: { code: '401', msg: '登录已失效，请重新登录' } }));
    await request(API.checkLogin, {});
    expect(handler).toHaveBeenCalledTimes(1);
    await request(API.checkLogin, {}, { unauthorized: 'ignore', toastErrors: false });
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('on subcode 4001 stores server time − local time and reloads once, never in a loop', async () => {
    const reload = vi.spyOn(pageReload, 'reload').mockImplementation(() => {});
    const serverTime = Date.now() + 600_000;
    serve(() => ({
      raw: JSON.stringify({ code: '400', subcode: '4001', msg: '请求参数错误', submsg: '手机时间与标准时间不一致，已为您校准' }),
      headers: { 'x-server-time': String(serverTime) },
    }));
    void request(API.checkLogin, {});
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    const offset = sessionStore.get().clockOffset;
    expect(offset).toBeGreaterThan(590_000);
    expect(offset).toBeLessThanOrEqual(600_000);
    expect(localStorage.getItem('shortTime')).toBe(String(offset));
    expect(document.cookie).toContain(`shortTime=${offset}`);
    expect(clientConfig().clockOffset).toBe(offset);
    // After the reload the flag is still set: a second 4001 does not reload again.
    const second = await request(API.checkLogin, {});
    expect(second.subcode).toBe('4001');
    expect(reload).toHaveBeenCalledTimes(1);
    expect(lastToast()).toBe('手机时间与标准时间不一致，已为您校准');
    // A good answer clears the guard, so a later skew can be corrected again.
    serve(() => ({ body: { code: '200', msg: '成功' } }));
    await request(API.checkLogin, {});
    expect(sessionStorage.getItem(CLOCK_RELOAD_KEY)).toBeNull();
  });

  it.each([
    [500, ERROR_TEXT.serverBusy],
    [503, ERROR_TEXT.serverBusy],
    [599, ERROR_TEXT.serverBusy],
    [404, ERROR_TEXT.notFound],
    [403, ERROR_TEXT.networkBusy],
    [418, ERROR_TEXT.networkBusy],
    [302, ERROR_TEXT.networkBusy],
  ])('HTTP %i -> %s', async (status, text) => {
    serve(() => ({ status, raw: '' }));
    const error = await request(API.checkLogin, {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TransportError);
    expect((error as TransportError).message).toBe(text);
    expect(lastToast()).toBe(text);
  });

  it('toasts nothing for a caller that shows its failures inline, HTTP errors and codes alike', async () => {
    serve(() => ({ status: 500, raw: '' }));
    await expect(request(API.checkLogin, {}, { inlineErrors: true })).rejects.toThrow(ERROR_TEXT.serverBusy);
    serve(() => ({ body: { code: '409', msg: '请求冲突' } }));
    await expect(call(API.checkLogin, {}, { inlineErrors: true })).rejects.toThrow('请求冲突');
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(request(API.checkLogin, {}, { inlineErrors: true })).rejects.toThrow(ERROR_TEXT.networkError);
    expect(lastToast()).toBeUndefined();
  });

  it('toasts nothing for a background check, HTTP errors and codes alike: it lands on an unrelated page', async () => {
    serve(() => ({ status: 500, raw: '' }));
    await expect(call(API.privacyPolicyStatus, {}, { background: true })).rejects.toThrow(ERROR_TEXT.serverBusy);
    serve(() => ({ body: { code: '409', msg: '请求冲突' } }));
    await expect(call(API.privacyPolicyStatus, {}, { background: true })).rejects.toThrow('请求冲突');
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(call(API.privacyPolicyStatus, {}, { background: true })).rejects.toThrow(ERROR_TEXT.networkError);
    expect(lastToast()).toBeUndefined();
  });

  it('a network error -> 网络连接异常，请稍后重试', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(request(API.checkLogin, {})).rejects.toThrow(ERROR_TEXT.networkError);
    expect(lastToast()).toBe(ERROR_TEXT.networkError);
  });

  it('an answer without a code field: toast 服务器繁忙 and reject with 接口数据格式错误 (SPEC §5)', async () => {
    serve(() => ({ raw: JSON.stringify({ msg: 'no code' }) }));
    await expect(request(API.checkLogin, {})).rejects.toThrow(ERROR_TEXT.badFormat);
    expect(lastToast()).toBe(ERROR_TEXT.serverBusy);
    serve(() => ({ raw: 'not json' }));
    await expect(request(API.checkLogin, {})).rejects.toThrow(ERROR_TEXT.badFormat);
    serve(() => ({ raw: JSON.stringify({ data: 'AAAA' }) }));
    await expect(request(API.checkLogin, {})).rejects.toThrow(ERROR_TEXT.badFormat);
  });

  it('refuses a plaintext success: data only counts when sealed with the response key', async () => {
    serve(() => ({ raw: JSON.stringify({ code: '200', msg: '成功', data: { injected: true } }) }));
    await expect(request(API.checkLogin, {})).rejects.toThrow(ERROR_TEXT.badFormat);
    expect(lastToast()).toBe(ERROR_TEXT.serverBusy);
  });

  function hangUntilAborted(called: () => void) {
    fetchMock.mockImplementation(
      (_input, init) =>
        new Promise<Response>((_, reject) => {
          called();
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
  }

  it('a call the caller aborts while its answer is being read rejects with the abort, with no toast', async () => {
    const caller = new AbortController();
    fetchMock.mockImplementation(async () => {
      // The answer arrived; the session changes while its body is read (server-state aborts the old session's calls).
      caller.abort();
      return { status: 200, headers: new Headers(), json: () => Promise.reject(new DOMException('aborted', 'AbortError')) } as unknown as Response;
    });
    const error = await request(API.checkLogin, {}, { signal: caller.signal }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DOMException);
    expect((error as DOMException).name).toBe('AbortError');
    expect(lastToast()).toBeUndefined();
  });

  it('times out after 100000 ms by default -> 网络超时，请稍后重试', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let reached!: () => void;
    const atFetch = new Promise<void>((resolve) => (reached = resolve));
    hangUntilAborted(reached);
    const pending = request(API.checkLogin, {}).catch((e: unknown) => e);
    await atFetch;
    vi.advanceTimersByTime(99_999);
    expect(lastToast()).toBeUndefined();
    vi.advanceTimersByTime(1);
    const error = await pending;
    expect((error as TransportError).failure).toBe('timeout');
    expect(lastToast()).toBe(ERROR_TEXT.timeout);
  });

  it('does not toast the timeout of a call made with the 11000 ms timeout', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let reached!: () => void;
    const atFetch = new Promise<void>((resolve) => (reached = resolve));
    hangUntilAborted(reached);
    const pending = request(API.checkLogin, {}, { timeoutMs: QUIET_TIMEOUT_MS }).catch((e: unknown) => e);
    await atFetch;
    vi.advanceTimersByTime(QUIET_TIMEOUT_MS);
    const error = await pending;
    expect((error as TransportError).message).toBe(ERROR_TEXT.timeout);
    expect(lastToast()).toBeUndefined();
  });

  it('fails with 服务器繁忙 when the page has no configuration', async () => {
    document.head.innerHTML = '';
    resetWebConfig();
    await expect(request(API.checkLogin, {})).rejects.toThrow(ERROR_TEXT.serverBusy);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('loading toast and request counter', () => {
  it('opens the loading toast once for parallel user calls and closes it after the last', async () => {
    const releases: (() => void)[] = [];
    serve(() => ({ body: { code: '200', msg: '成功' } }));
    const real = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation((input, init) => new Promise<void>((resolve) => releases.push(resolve)).then(() => real(input, init)));
    const counts: number[] = [];
    const unsubscribe = requestCounter.subscribe((n) => counts.push(n));
    const a = request(API.checkLogin, {}, { loading: true });
    const b = request(API.logout, {}, { loading: true });
    expect(notifyStore.get().loading).toBe('loading...');
    expect(requestCounter.get()).toBe(2);
    await vi.waitFor(() => expect(releases).toHaveLength(2));
    // Whichever call finishes first, the toast stays open for the other one.
    releases[0]!();
    await vi.waitFor(() => expect(requestCounter.get()).toBe(1));
    expect(notifyStore.get().loading).toBe('loading...');
    releases[1]!();
    await Promise.all([a, b]);
    expect(notifyStore.get().loading).toBeNull();
    expect(requestCounter.get()).toBe(0);
    expect(counts).toEqual([1, 2, 1, 0]);
    unsubscribe();
  });

  it('shows no loading toast for background calls', async () => {
    serve(() => ({ body: { code: '200', msg: '成功' } }));
    const pending = request(API.checkLogin, {});
    expect(notifyStore.get().loading).toBeNull();
    await pending;
  });
});
