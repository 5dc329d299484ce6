// The protocol headers of an API call (contract HEADER, SPEC §7), checked before anything else is read.
// Each must be present once and well-formed, else subcode 4010; the formats match what the envelope
// puts in its AAD, so a request that passes here never makes the protocol throw a type error.
import { APP_IDS, CLIENT_INFO_MAX_CHARS, CODE, HEADER, PROTOCOL_VERSION, SUBCODE, isDeviceId, isNonce } from '@tyd/protocol';
import type { IncomingHttpHeaders } from 'node:http';
import { ApiError } from './api-error.js';

export interface ApiHeaders {
  protocolVersion: string;
  appId: string;
  timestamp: string;
  nonce: string;
  sign: string;
  clientInfo: string;
  clientVersion: string;
  appVersion: string | undefined;
  /** The header token ('' when absent); the cookie is only a fallback (see plugins/api-pipeline.ts). */
  accessToken: string;
  /** A native app's installation id (docs/protocol.md §2): only a key of the SMS owner's limits, never trusted as proof. */
  deviceId: string | undefined;
}

const TIMESTAMP = /^(0|[1-9][0-9]{0,15})$/;
const APP_ID = /^[A-Za-z0-9_.-]{1,64}$/;
const SIGN = /^[A-Za-z0-9_-]{43}$/;
const VERSION = /^[0-9A-Za-z.+_-]{1,32}$/;
const PRINTABLE = /^[\x21-\x7e]+$/;
const TOKEN = /^[\x21-\x7e]{1,256}$/;

const reject = (name: string, why: string): never => {
  throw new ApiError(CODE.BAD_REQUEST, SUBCODE.BAD_HEADERS, { detail: `header ${name}: ${why}` });
};

function single(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  if (Array.isArray(value)) return reject(name, 'repeated');
  return value === '' ? undefined : value;
}

function required(headers: IncomingHttpHeaders, name: string, pattern: RegExp): string {
  const value = single(headers, name);
  if (value === undefined) return reject(name, 'missing');
  if (!pattern.test(value)) return reject(name, 'malformed');
  return value;
}

/** x-client-info is encodeURIComponent of a compact JSON object of at most 512 characters (contract). */
function clientInfo(headers: IncomingHttpHeaders): string {
  const value = required(headers, HEADER.clientInfo, PRINTABLE);
  if (value.length > CLIENT_INFO_MAX_CHARS) return reject(HEADER.clientInfo, 'too long');
  let parsed: unknown;
  try {
    parsed = JSON.parse(decodeURIComponent(value));
  } catch {
    return reject(HEADER.clientInfo, 'not encoded JSON');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return reject(HEADER.clientInfo, 'not an object');
  return value;
}

export function readApiHeaders(headers: IncomingHttpHeaders): ApiHeaders {
  const protocolVersion = required(headers, HEADER.protocolVersion, VERSION);
  if (protocolVersion !== PROTOCOL_VERSION) reject(HEADER.protocolVersion, `unsupported ${protocolVersion}`);
  const nonce = required(headers, HEADER.nonce, /^[A-Za-z0-9_-]{22}$/);
  if (!isNonce(nonce)) reject(HEADER.nonce, 'not 16 bytes of base64url');
  const appVersion = single(headers, HEADER.appVersion);
  if (appVersion !== undefined && !VERSION.test(appVersion)) reject(HEADER.appVersion, 'malformed');
  const accessToken = single(headers, HEADER.accessToken) ?? '';
  if (accessToken !== '' && !TOKEN.test(accessToken)) reject(HEADER.accessToken, 'malformed');
  const deviceId = single(headers, HEADER.deviceId);
  if (deviceId !== undefined && !isDeviceId(deviceId)) reject(HEADER.deviceId, 'malformed');
  return {
    protocolVersion,
    appId: required(headers, HEADER.appId, APP_ID),
    timestamp: required(headers, HEADER.timestamp, TIMESTAMP),
    nonce,
    sign: required(headers, HEADER.sign, SIGN),
    clientInfo: clientInfo(headers),
    clientVersion: required(headers, HEADER.clientVersion, VERSION),
    appVersion,
    accessToken,
    deviceId,
  };
}

export const KNOWN_APP_IDS: ReadonlyMap<string, keyof typeof APP_IDS> = new Map(
  Object.entries(APP_IDS).map(([platform, appId]) => [appId, platform as keyof typeof APP_IDS]),
);
