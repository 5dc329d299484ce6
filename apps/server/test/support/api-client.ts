// A small API client built on @tyd/protocol, as a native or web client would be: seals, signs, keeps
// cookies (XSRF-TOKEN, x-access-token), opens answers. Every step can be overridden, so the bad-input
// suite and the benchmark build their requests with it too. Reusable by any API test.
// Calls go through the endpoint objects of @tyd/protocol (docs/architecture.md "The typed call"): the
// payload is typed by the endpoint's request schema and the answer's data by its response schema, so a
// contract change breaks the tests that assumed the old one. The escape hatches are explicit: the `raw`
// option sends an off-contract payload to a real endpoint, callRaw/prepareRaw a path that is no endpoint.
import {
  APP_IDS,
  CLIENT_VERSION,
  COOKIE,
  HEADER,
  PROTOCOL_VERSION,
  classifyResponseBody,
  isApiResponse,
  openResponse,
  randomNonce,
  sealRequest,
  signRequest,
  type ApiResponse,
  type Endpoint,
  type EndpointResponseData,
  type RequestContext,
} from '@tyd/protocol';
import type { input } from 'zod/v4/core';

export interface ClientKeys {
  appId: string;
  appSecret: string;
  keyId: string;
  publicKey: string;
}

export interface PrepareOptions {
  timestamp?: string;
  nonce?: string;
  accessToken?: string;
  clientInfo?: string;
  /** Keys to sign and seal with, when they differ from the client's. */
  keys?: Partial<ClientKeys>;
  /**
   * BENCH_UNSEALED_ROUTES only: the route's unsealed twin under this prefix; the body is the payload's JSON,
   * signed as `data`, and the answer comes back plain.
   */
  unsealedPrefix?: string;
}

export interface PreparedRequest {
  path: string;
  url: string;
  context: RequestContext;
  headers: Record<string, string>;
  body: string;
  /** The key that opens the answer; none for an unsealed call. */
  responseKey?: CryptoKey;
}

/** What a caller sends to an endpoint: its request schema's input (docs/protocol.md, the payload before the server parses it). */
export type EndpointPayload<E extends Endpoint> = input<E['request']>;

/** The payload argument of a typed call: optional when the endpoint takes an empty object. */
export type PayloadArg<E extends Endpoint> = Record<string, never> extends EndpointPayload<E> ? [payload?: EndpointPayload<E>] : [payload: EndpointPayload<E>];

/** A payload the endpoint's request schema would refuse, sent on purpose (bad-input tests): typing skipped. */
export type RawOptions = PrepareOptions & { raw: true };

/** `E`'s answer: `response.data` is typed by the endpoint's response schema (the server checks answers against it before sending). */
export interface ApiResult<E extends Endpoint = Endpoint> {
  status: number;
  headers: Headers;
  raw: string;
  /** 'plain' (answered before decryption), 'sealed' (opened with our key) or 'invalid'. */
  kind: 'plain' | 'sealed' | 'invalid';
  response: ApiResponse<EndpointResponseData<E>> | undefined;
}

/**
 * The data of an answer other than code '200' (a 406's challenge, a 429's retryAfterSeconds: docs/api.md):
 * the endpoint's response schema types only a '200' answer's data, so a refusal's is read through this,
 * with the shape the test expects. Throws on a '200' answer, whose data the endpoint already types.
 */
export function refusalData<T>(response: ApiResponse | undefined): T {
  if (response?.code === '200') throw new Error('a 200 answer: read its data through the endpoint type');
  return response?.data as T;
}

export const DEFAULT_CLIENT_INFO = encodeURIComponent(JSON.stringify({ platform: 'h5', os: 'android', inApp: false, app: null }));

export class ApiClient {
  readonly cookies = new Map<string, string>();
  accessToken: string | undefined;

  /**
   * `now` is the client's corrected clock (SPEC §4 shortTime): tests that move the server's clock give the
   * client the same one, as a real client would be after a 4001 and its x-server-time.
   */
  constructor(
    readonly baseUrl: string,
    readonly keys: ClientKeys,
    readonly now: () => number = Date.now,
  ) {}

  /** Keys as a browser gets them: from the tyd-config block of the served page (which also sets XSRF-TOKEN). */
  static async fromPage(baseUrl: string): Promise<ApiClient> {
    const res = await fetch(`${baseUrl}/`, { headers: { accept: 'text/html' } });
    const html = await res.text();
    const match = /<script id="tyd-config" type="application\/json">(.*?)<\/script>/.exec(html);
    if (!match?.[1]) throw new Error(`no tyd-config in the page (HTTP ${res.status})`);
    const client = new ApiClient(baseUrl, JSON.parse(match[1]) as ClientKeys);
    client.storeCookies(res.headers);
    return client;
  }

  /** Fetches a page route to receive the XSRF-TOKEN cookie, as a browser does on first load. */
  async loadPage(path = '/'): Promise<Response> {
    const res = await fetch(`${this.baseUrl}${path}`, { headers: { accept: 'text/html' } });
    this.storeCookies(res.headers);
    await res.arrayBuffer();
    return res;
  }

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  storeCookies(headers: Headers): void {
    for (const line of headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === '';
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  /** Seals and signs one call to `endpoint`; nothing is sent. */
  prepare<E extends Endpoint>(endpoint: E, payload: unknown, opts: RawOptions): Promise<PreparedRequest>;
  prepare<E extends Endpoint>(endpoint: E, payload: EndpointPayload<E>, opts?: PrepareOptions): Promise<PreparedRequest>;
  prepare(endpoint: Endpoint, payload: unknown, opts: PrepareOptions = {}): Promise<PreparedRequest> {
    return this.prepareRaw(endpoint.path, payload, opts);
  }

  /** Escape hatch for tests about the path itself (a forged or unknown one): seals and signs a call to any path. */
  async prepareRaw(path: string, payload: unknown, opts: PrepareOptions = {}): Promise<PreparedRequest> {
    const keys = { ...this.keys, ...opts.keys };
    const fullPath = `${opts.unsealedPrefix ?? ''}/tydApi${path}`;
    const context: RequestContext = {
      method: 'POST',
      path: fullPath,
      timestamp: opts.timestamp ?? String(this.now()),
      appId: keys.appId,
      nonce: opts.nonce ?? randomNonce(),
    };
    const sealed = opts.unsealedPrefix === undefined ? await sealRequest({ serverPublicKey: keys.publicKey, keyId: keys.keyId, context, payload }) : undefined;
    const data = sealed ? sealed.data : JSON.stringify(payload);
    const accessToken = opts.accessToken ?? this.accessToken ?? '';
    const clientInfo = opts.clientInfo ?? DEFAULT_CLIENT_INFO;
    const sign = await signRequest(keys.appSecret, {
      path: fullPath,
      protocolVersion: PROTOCOL_VERSION,
      appId: keys.appId,
      timestamp: context.timestamp,
      nonce: context.nonce,
      accessToken,
      clientInfo,
      clientVersion: CLIENT_VERSION,
      data,
    });
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      [HEADER.protocolVersion]: PROTOCOL_VERSION,
      [HEADER.appId]: keys.appId,
      [HEADER.timestamp]: context.timestamp,
      [HEADER.appVersion]: CLIENT_VERSION,
      [HEADER.clientInfo]: clientInfo,
      [HEADER.clientVersion]: CLIENT_VERSION,
      [HEADER.nonce]: context.nonce,
      [HEADER.sign]: sign,
    };
    if (accessToken) headers[HEADER.accessToken] = accessToken;
    const xsrf = this.cookies.get(COOKIE.xsrf);
    if (xsrf) headers[HEADER.xsrf] = xsrf;
    const cookie = this.cookieHeader();
    if (cookie) headers.cookie = cookie;
    const prepared = { path: fullPath, url: `${this.baseUrl}${fullPath}`, context, headers };
    return sealed ? { ...prepared, body: JSON.stringify({ data }), responseKey: sealed.responseKey } : { ...prepared, body: data };
  }

  /** Sends a prepared (possibly tampered) request and opens the answer. */
  async send(prepared: Pick<PreparedRequest, 'url' | 'context' | 'headers' | 'body' | 'responseKey'>): Promise<ApiResult> {
    const res = await fetch(prepared.url, { method: 'POST', headers: prepared.headers, body: prepared.body });
    this.storeCookies(res.headers);
    const raw = await res.text();
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      return { status: res.status, headers: res.headers, raw, kind: 'invalid', response: undefined };
    }
    const body = classifyResponseBody(json);
    if (body.kind === 'plain') return { status: res.status, headers: res.headers, raw, kind: 'plain', response: body.response };
    if (body.kind === 'invalid' || !prepared.responseKey) return { status: res.status, headers: res.headers, raw, kind: 'invalid', response: undefined };
    const opened = await openResponse({ responseKey: prepared.responseKey, context: prepared.context, data: body.data });
    return { status: res.status, headers: res.headers, raw, kind: 'sealed', response: isApiResponse(opened) ? opened : undefined };
  }

  /** One call to `endpoint`: the payload typed by its request schema, the answer's data by its response schema. */
  call<E extends Endpoint>(endpoint: E, payload: unknown, opts: RawOptions): Promise<ApiResult<E>>;
  call<E extends Endpoint>(endpoint: E, ...payload: PayloadArg<E>): Promise<ApiResult<E>>;
  call<E extends Endpoint>(endpoint: E, payload: EndpointPayload<E>, opts?: PrepareOptions): Promise<ApiResult<E>>;
  async call(endpoint: Endpoint, payload: unknown = {}, opts: PrepareOptions = {}): Promise<ApiResult> {
    return this.send(await this.prepareRaw(endpoint.path, payload, opts));
  }

  /** Escape hatch for tests about the path itself (a forged or unknown one): a call to any path, the answer untyped. */
  async callRaw(path: string, payload: unknown = {}, opts: PrepareOptions = {}): Promise<ApiResult> {
    return this.send(await this.prepareRaw(path, payload, opts));
  }
}

export const WEB_APP_ID = APP_IDS.web;
