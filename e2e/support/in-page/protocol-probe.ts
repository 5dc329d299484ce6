// Bundled for the browser by e2e/support/bundle.ts and run inside Chromium, so the wire
// contract is proven with the browser's own WebCrypto, not Node's.
import {
  API,
  CLIENT_VERSION,
  COOKIE,
  HEADER,
  PROTOCOL_VERSION,
  openResponse,
  randomNonce,
  runVectorSuite,
  sealRequest,
  signRequest,
  type EndpointRefs,
  type RefRequest,
} from '@tyd/protocol';

interface PageConfig {
  appId: string;
  appSecret: string;
  keyId: string;
  publicKey: string;
}

function pageConfig(): PageConfig {
  const element = document.getElementById('tyd-config');
  if (!element?.textContent) throw new Error('the served page has no tyd-config');
  return JSON.parse(element.textContent) as PageConfig;
}

function cookie(name: string): string {
  const entry = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
  return entry ? decodeURIComponent(entry.slice(name.length + 1)) : '';
}

/**
 * One signed, encrypted call made the way a client following docs/protocol.md would. The endpoint is named
 * as in API (page.evaluate passes only serialisable values, so the name rather than the ref), which types the payload.
 */
async function call<K extends keyof EndpointRefs>(
  endpoint: K,
  payload: RefRequest<EndpointRefs[K]>,
): Promise<{ status: number; wireBody: string; response: unknown }> {
  const config = pageConfig();
  const path = API[endpoint].fullPath;
  const context = { method: 'POST' as const, path, timestamp: String(Date.now()), appId: config.appId, nonce: randomNonce() };
  const { data, responseKey } = await sealRequest({ serverPublicKey: config.publicKey, keyId: config.keyId, context, payload });
  const clientInfo = encodeURIComponent(JSON.stringify({ platform: 'h5', os: 'other', inApp: false, app: null }));
  const sign = await signRequest(config.appSecret, {
    path,
    protocolVersion: PROTOCOL_VERSION,
    appId: config.appId,
    timestamp: context.timestamp,
    nonce: context.nonce,
    accessToken: '',
    clientInfo,
    clientVersion: CLIENT_VERSION,
    data,
  });
  const wireBody = JSON.stringify({ data });
  const res = await fetch(path, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      [HEADER.protocolVersion]: PROTOCOL_VERSION,
      [HEADER.appId]: config.appId,
      [HEADER.timestamp]: context.timestamp,
      [HEADER.nonce]: context.nonce,
      [HEADER.appVersion]: CLIENT_VERSION,
      [HEADER.clientInfo]: clientInfo,
      [HEADER.clientVersion]: CLIENT_VERSION,
      [HEADER.sign]: sign,
      [HEADER.xsrf]: cookie(COOKIE.xsrf),
    },
    body: wireBody,
  });
  const body = (await res.json()) as { code?: string; data?: unknown };
  const response = 'code' in body || typeof body.data !== 'string' ? body : await openResponse({ responseKey, context, data: body.data });
  return { status: res.status, wireBody, response };
}

declare global {
  interface Window {
    tydProbe: { runVectorSuite: typeof runVectorSuite; call: typeof call };
  }
}

window.tydProbe = { runVectorSuite, call };
