// The sealed, signed transport of one call (brief/contract.md, SPEC §7): envelope, signature,
// every header, the XSRF cookie echoed, the timestamp corrected by the clock offset, the
// 100000 ms timeout, and the answer opened or classified as an invalid format (SPEC §5).
// Loaded lazily by api-client.ts; everything user-facing (toasts, 401, 4001) stays there.
import {
  API_BASE,
  CLIENT_VERSION,
  CODE,
  COOKIE,
  ERROR_TEXT,
  HEADER,
  PROTOCOL_VERSION,
  classifyResponseBody,
  importServerPublicKey,
  isApiResponse,
  openResponse,
  randomNonce,
  sealRequest,
  signRequest,
  type ApiResponse,
  type RequestContext,
} from '@tyd/protocol/wire';
import { TransportError, httpErrorText } from './api-errors';
import { readCookie } from './cookies';
import { clientEnv } from './env';
import { ConfigError, webConfig } from './web-config';

export interface SendOptions {
  timeoutMs: number;
  signal?: AbortSignal;
}

export interface SendConfig {
  accessToken: string | null;
  clockOffset: number;
  appVersion: string;
}

let serverKey: { publicKey: string; key: Promise<CryptoKey> } | undefined;
function serverPublicKey(publicKey: string): Promise<CryptoKey> {
  if (serverKey?.publicKey !== publicKey) serverKey = { publicKey, key: importServerPublicKey(publicKey) };
  return serverKey.key;
}

function clientInfoHeader(): string {
  const env = clientEnv();
  return encodeURIComponent(JSON.stringify({ platform: 'h5', os: env.os, inApp: env.inApp, app: env.app }));
}

async function readAnswer(res: Response, responseKey: CryptoKey, context: RequestContext): Promise<ApiResponse> {
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    throw new TransportError('format', ERROR_TEXT.badFormat, res.status);
  }
  // Contract: a `code` field means a plaintext answer; else `data` is the sealed answer.
  // Plaintext is only for errors found before the request could be opened, so a plaintext
  // success is refused: data the client acts on always comes authenticated by the response key.
  const classified = classifyResponseBody(body);
  if (classified.kind === 'plain' && classified.response.code !== CODE.OK) return classified.response;
  if (classified.kind === 'sealed') {
    try {
      const opened = await openResponse({ responseKey, context, data: classified.data });
      if (isApiResponse(opened)) return opened;
    } catch {
      // A sealed answer that does not open is as unusable as a malformed one.
    }
  }
  throw new TransportError('format', ERROR_TEXT.badFormat, res.status);
}

/** Sends one call to `endpointPath`, an endpoint ref's path (under API_BASE, as SPEC §7 lists it). */
export async function send(
  endpointPath: string,
  payload: unknown,
  opts: SendOptions,
  config: SendConfig,
): Promise<{ response: ApiResponse; serverTime: string | null }> {
  let cfg;
  try {
    cfg = webConfig();
  } catch (error) {
    if (error instanceof ConfigError) throw new TransportError('config', ERROR_TEXT.serverBusy);
    throw error;
  }
  const path = API_BASE + endpointPath;
  const timestamp = String(Date.now() + config.clockOffset);
  const nonce = randomNonce();
  const context: RequestContext = { method: 'POST', path, timestamp, appId: cfg.appId, nonce };
  const { data, responseKey } = await sealRequest({
    serverPublicKey: await serverPublicKey(cfg.publicKey),
    keyId: cfg.keyId,
    context,
    payload: payload ?? {},
  });
  const accessToken = config.accessToken ?? '';
  const clientInfo = clientInfoHeader();
  const sign = await signRequest(cfg.appSecret, {
    path,
    protocolVersion: PROTOCOL_VERSION,
    appId: cfg.appId,
    timestamp,
    nonce,
    accessToken,
    clientInfo,
    clientVersion: CLIENT_VERSION,
    data,
  });
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    [HEADER.protocolVersion]: PROTOCOL_VERSION,
    [HEADER.appId]: cfg.appId,
    [HEADER.timestamp]: timestamp,
    [HEADER.appVersion]: config.appVersion,
    [HEADER.clientInfo]: clientInfo,
    [HEADER.clientVersion]: CLIENT_VERSION,
    [HEADER.nonce]: nonce,
    [HEADER.sign]: sign,
  };
  if (accessToken) headers[HEADER.accessToken] = accessToken;
  const xsrf = readCookie(COOKIE.xsrf);
  if (xsrf) headers[HEADER.xsrf] = xsrf;

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, opts.timeoutMs);
  const onCallerAbort = () => controller.abort();
  opts.signal?.addEventListener('abort', onCallerAbort);
  try {
    const res = await fetch(path, { method: 'POST', headers, body: JSON.stringify({ data }), credentials: 'same-origin', signal: controller.signal });
    // SPEC §7: statuses 200 to 299 count as success.
    if (res.status < 200 || res.status > 299) throw new TransportError('http', httpErrorText(res.status), res.status);
    const response = await readAnswer(res, responseKey, context);
    return { response, serverTime: res.headers.get(HEADER.serverTime) };
  } catch (error) {
    // The caller gave up (the session changed, the page went away), also while the answer was being
    // read: its abort, never a failure to report (an aborted body read is not a malformed answer).
    if (opts.signal?.aborted && !timedOut) throw opts.signal.reason ?? error;
    if (error instanceof TransportError) throw error;
    if (timedOut) throw new TransportError('timeout', ERROR_TEXT.timeout);
    throw new TransportError('network', ERROR_TEXT.networkError);
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onCallerAbort);
  }
}
