// Tencent Cloud API 3.0 request signing, TC3-HMAC-SHA256 ("签名方法 v3", cloud.tencent.com/document/api
// /213/30654): a canonical request over the method, path "/", empty query, the signed headers and the
// SHA-256 of the body; a string to sign with the timestamp, the credential scope
// <UTC date>/<service>/tc3_request and the canonical request's SHA-256; a signing key from HMAC chains of
// "TC3"+SecretKey over the date, the service and "tc3_request". Written on node:crypto from the
// documentation and checked against its worked example (tc3-signature.test.ts); no SDK.
import { createHash, createHmac } from 'node:crypto';

const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const hmac = (key: Buffer | string, text: string) => createHmac('sha256', key).update(text, 'utf8').digest();

export interface Tc3Input {
  secretKey: string;
  /** The API's service name: "ocr", "faceid"... */
  service: string;
  /** Seconds since the epoch. */
  timestamp: number;
  /** Signed headers, names lower case, values as sent, in the order to sign (sorted by name). */
  headers: ReadonlyArray<readonly [string, string]>;
  body: string;
}

export interface Tc3Signature {
  canonicalRequest: string;
  stringToSign: string;
  scope: string;
  signedHeaders: string;
  signature: string;
}

export function tc3Signature(input: Tc3Input): Tc3Signature {
  const date = new Date(input.timestamp * 1000).toISOString().slice(0, 10);
  const signedHeaders = input.headers.map(([name]) => name).join(';');
  const canonicalHeaders = input.headers.map(([name, value]) => `${name}:${value}\n`).join('');
  const canonicalRequest = ['POST', '/', '', canonicalHeaders, signedHeaders, sha256Hex(input.body)].join('\n');
  const scope = `${date}/${input.service}/tc3_request`;
  const stringToSign = ['TC3-HMAC-SHA256', String(input.timestamp), scope, sha256Hex(canonicalRequest)].join('\n');
  const signingKey = hmac(hmac(hmac(`TC3${input.secretKey}`, date), input.service), 'tc3_request');
  const signature = createHmac('sha256', signingKey).update(stringToSign, 'utf8').digest('hex');
  return { canonicalRequest, stringToSign, scope, signedHeaders, signature };
}

export const TC3_CONTENT_TYPE = 'application/json; charset=utf-8';

/** The headers of a signed API 3.0 POST: Authorization over content-type, host and x-tc-action, plus the X-TC-* common parameters. */
export function signedTc3Headers(request: {
  secretId: string;
  secretKey: string;
  service: string;
  host: string;
  action: string;
  version: string;
  region: string;
  body: string;
  timestamp: number;
}): Record<string, string> {
  const signed = tc3Signature({
    secretKey: request.secretKey,
    service: request.service,
    timestamp: request.timestamp,
    headers: [
      ['content-type', TC3_CONTENT_TYPE],
      ['host', request.host],
      ['x-tc-action', request.action.toLowerCase()],
    ],
    body: request.body,
  });
  return {
    authorization: `TC3-HMAC-SHA256 Credential=${request.secretId}/${signed.scope}, SignedHeaders=${signed.signedHeaders}, Signature=${signed.signature}`,
    'content-type': TC3_CONTENT_TYPE,
    host: request.host,
    'x-tc-action': request.action,
    'x-tc-timestamp': String(request.timestamp),
    'x-tc-version': request.version,
    ...(request.region && { 'x-tc-region': request.region }),
  };
}
