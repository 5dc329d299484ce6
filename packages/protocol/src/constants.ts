// Business constants and wire names shared by the server and the web app.
// Values are the agreed contract (brief/contract.md) and SPEC §7, §9.

/** Protocol version sent in x-v (SPEC §7). */
export const PROTOCOL_VERSION = '1.1';
/** Web client version sent in x-client-version, and in x-ver outside the native app (SPEC §7). */
export const CLIENT_VERSION = '4.0.1';
/** Every product call goes under this base path (SPEC §7). */
export const API_BASE = '/tydApi';

/** Client request timeout (SPEC §7, §9). */
export const REQUEST_TIMEOUT_MS = 100_000;
/** How far x-t may differ from the server clock before subcode 4001 (clock skew) is answered. */
export const TIMESTAMP_WINDOW_MS = 300_000;
/** Largest accepted request body in bytes. */
export const MAX_BODY_BYTES = 65_536;
/**
 * Photo uploads (docs/protocol.md §14): a photo travels as sealed parts of at most UPLOAD_PART_MAX_BYTES
 * raw bytes each. A part's body (the bytes base64 inside the JSON payload, sealed, base64 again) is about
 * 466 KB, so upload-part alone accepts bodies up to UPLOAD_PART_BODY_MAX_BYTES.
 */
export const UPLOAD_PART_MAX_BYTES = 262_144;
export const UPLOAD_PART_BODY_MAX_BYTES = 524_288;
/** What an upload is for; a capability accepts only uploads of its own purposes. */
export const UPLOAD_PURPOSES = ['idcard-portrait', 'idcard-emblem', 'face'] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];
/** Access-token cookie lifetime (SPEC §3, §9). */
export const TOKEN_COOKIE_DAYS = 7;
/** Clock-offset cookie `shortTime` lifetime (SPEC §3, §9). */
export const CLOCK_OFFSET_COOKIE_DAYS = 720;
/** Quiet period after the last response before a page's performance is reported (SPEC §4, §9). */
export const PERF_QUIET_MS = 500;
/** Delay before the analytics SDK starts (SPEC §9). */
export const ANALYTICS_START_DELAY_MS = 200;
/** Analytics heartbeat (SPEC §9). */
export const HEARTBEAT_MS = 5_000;
/** Longest page duration analytics records, in seconds (SPEC §9). */
export const MAX_PAGE_DURATION_S = 432_000;
/** Script chunk load timeout (SPEC §9). */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
/** Minimum timeout of the deep-link parameter lookup (SPEC §7). */
export const DEEP_LINK_MIN_TIMEOUT_MS = 2_500;
/** Bank card numbers have 16 to 19 digits (SPEC §3, §5, §9). */
export const BANK_CARD_MIN = 16;
export const BANK_CARD_MAX = 19;
/** Default analytics business_line (SPEC §1). */
export const DEFAULT_BUSINESS_LINE = '通盈达';
/** Page title when the route has none (SPEC §2). */
export const DEFAULT_TITLE = '通盈达';

/** Platform -> app id sent in x-appid; each platform has its own signing secret (SPEC §6). */
export const APP_IDS = { web: 'tyd-h5', ios: 'tyd-ios', android: 'tyd-android' } as const;
export type Platform = keyof typeof APP_IDS;
export type AppId = (typeof APP_IDS)[Platform];

/** Header names, lower case (SPEC §7 plus the nonce, XSRF and response headers of the contract). */
export const HEADER = {
  protocolVersion: 'x-v',
  appId: 'x-appid',
  timestamp: 'x-t',
  appVersion: 'x-ver',
  clientInfo: 'x-client-info',
  clientVersion: 'x-client-version',
  sign: 'x-sign',
  accessToken: 'x-access-token',
  nonce: 'x-nonce',
  xsrf: 'x-xsrf-token',
  serverTime: 'x-server-time',
  requestId: 'x-request-id',
  deviceId: 'x-device-id',
} as const;

/**
 * What a native app's webview adds to its user agent (SPEC §6, docs/bridge.md §1), case-insensitive, in the
 * order they are looked for: the page recognises the app by it, and the server sends pages styled for it.
 */
export const NATIVE_APP_MARKERS = ['zhongduoduo', 'planner'] as const;

/** Cookie names (SPEC §3, §7). */
export const COOKIE = {
  accessToken: 'x-access-token',
  xsrf: 'XSRF-TOKEN',
  clockOffset: 'shortTime',
  /** Server-only (HttpOnly): the signed device id that marks the owner of a phone's SMS limits (docs/api.md "SMS code rules"). */
  device: 'tyd-device',
} as const;

/**
 * A native app's x-device-id (docs/protocol.md §2): a random id made once per installation, 22 to 64
 * characters of the base64url alphabet (base64url of 16 to 48 random bytes; a UUID's text fits too).
 */
export const DEVICE_ID_PATTERN = /^[A-Za-z0-9_-]{22,64}$/;

export function isDeviceId(value: unknown): value is string {
  return typeof value === 'string' && DEVICE_ID_PATTERN.test(value);
}

/** Longest accepted x-client-info header value. */
export const CLIENT_INFO_MAX_CHARS = 512;
