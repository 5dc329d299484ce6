// A client that seals, signs and opens on node:crypto instead of WebCrypto, for the one test that sends
// 10,000 requests (brute-force.test.ts): WebCrypto's per-call thread-pool hops cost about 2 ms per sealed
// request on the client side, node:crypto about a tenth of that, and the test shares two cores with the
// whole suite. Same wire format: the blob layout, AAD and HKDF info strings and the canonical signing
// string come from @tyd/protocol,
// and the server's real pipeline opens, checks and answers every request (a mistake here is a 4005/4006/
// 4003 answer, which the test would see). Every other API test uses the @tyd/protocol client.
import { createCipheriv, createDecipheriv, createECDH, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import {
  CLIENT_VERSION,
  ENVELOPE_SIZES,
  HEADER,
  HKDF_INFO,
  PROTOCOL_VERSION,
  buildRequestBlob,
  canonicalSignString,
  isApiResponse,
  parsePlaintext,
  parseResponseBlob,
  randomNonce,
  requestAad,
  responseAad,
  splitTag,
  type ApiResponse,
  type Endpoint,
  type EndpointResponseData,
  type RequestContext,
} from '@tyd/protocol';
import { DEFAULT_CLIENT_INFO, type ApiClient, type EndpointPayload } from './api-client.js';

const { iv: IV, tag: TAG } = ENVELOPE_SIZES;

/**
 * One call through the real HTTP pipeline, sealed and signed with node:crypto, from `ip` (X-Forwarded-For),
 * stamped with the client's clock unless `timestamp` (x-t) says otherwise.
 */
export async function nodeCall<E extends Endpoint>(
  client: ApiClient,
  ip: string,
  endpoint: E,
  payload: EndpointPayload<E>,
  opts: { timestamp?: string } = {},
): Promise<ApiResponse<EndpointResponseData<E>> | undefined> {
  const keys = client.keys;
  const fullPath = endpoint.fullPath;
  const timestamp = opts.timestamp ?? String(client.now());
  const context: RequestContext = { method: 'POST', path: fullPath, timestamp, appId: keys.appId, nonce: randomNonce() };
  const ephemeral = createECDH('prime256v1');
  const epk = ephemeral.generateKeys();
  const shared = ephemeral.computeSecret(Buffer.from(keys.publicKey, 'base64url'));
  const requestKey = Buffer.from(hkdfSync('sha256', shared, epk, HKDF_INFO.request, 32));
  const responseKey = Buffer.from(hkdfSync('sha256', shared, epk, HKDF_INFO.response, 32));
  const iv = randomBytes(IV);
  const cipher = createCipheriv('aes-256-gcm', requestKey, iv, { authTagLength: TAG });
  cipher.setAAD(Buffer.from(requestAad(context, keys.keyId), 'utf8'));
  const sealed = Buffer.concat([cipher.update(JSON.stringify(payload), 'utf8'), cipher.final(), cipher.getAuthTag()]);
  const data = buildRequestBlob({ keyId: keys.keyId, ephemeralPoint: epk, iv, sealed });
  const canonical = await canonicalSignString({
    path: fullPath,
    protocolVersion: PROTOCOL_VERSION,
    appId: keys.appId,
    timestamp: context.timestamp,
    nonce: context.nonce,
    accessToken: '',
    clientInfo: DEFAULT_CLIENT_INFO,
    clientVersion: CLIENT_VERSION,
    data,
  });
  const sign = createHmac('sha256', Buffer.from(keys.appSecret, 'utf8')).update(canonical, 'utf8').digest('base64url');
  const res = await fetch(`${client.baseUrl}${fullPath}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': ip,
      [HEADER.protocolVersion]: PROTOCOL_VERSION,
      [HEADER.appId]: keys.appId,
      [HEADER.timestamp]: context.timestamp,
      [HEADER.clientInfo]: DEFAULT_CLIENT_INFO,
      [HEADER.clientVersion]: CLIENT_VERSION,
      [HEADER.nonce]: context.nonce,
      [HEADER.sign]: sign,
      [HEADER.xsrf]: client.cookies.get('XSRF-TOKEN') ?? '',
      cookie: client.cookieHeader(),
    },
    body: JSON.stringify({ data }),
  });
  const body = (await res.json()) as { code?: string; data?: string };
  if (typeof body.code === 'string') return isApiResponse(body) ? (body as ApiResponse<EndpointResponseData<E>>) : undefined;
  const answer = parseResponseBlob(body.data ?? '');
  const { ciphertext, tag } = splitTag(answer.sealed);
  const decipher = createDecipheriv('aes-256-gcm', responseKey, answer.iv, { authTagLength: TAG });
  decipher.setAAD(Buffer.from(responseAad(context), 'utf8'));
  decipher.setAuthTag(tag);
  const opened = parsePlaintext(Buffer.concat([decipher.update(ciphertext), decipher.final()]));
  return isApiResponse(opened) ? (opened as ApiResponse<EndpointResponseData<E>>) : undefined;
}
