// Shared fields of 账户与安全 (docs/api.md "Account security"): the account's live sessions as devices, and
// its sign-in records of the last 30 days. What a device is comes from the user agent and x-client-info at
// sign-in; where it was last seen is the approximate region of its last address, from an offline database,
// and that address masked (docs/api.md "Regions and addresses"). Nothing here is the token or its hash.
import * as z from 'zod/mini';
import { LOGIN_METHODS, LOGIN_RESULTS } from '../../sign-ins.js';
import { listCursorField } from '../content/content-fields.js';

/** How long 登录记录 reaches back, and how long its rows are kept (docs/operations.md "Pruning sessions"). */
export const LOGIN_RECORD_DAYS = 30;

/**
 * A session as the client names it: its row id (a random UUID, unrelated to the token), never the token or its
 * hash. Another account's id and an id that does not exist answer alike (404/4231).
 */
export const deviceIdField = z.string().check(z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/));

export const CLIENT_KINDS = ['app', 'browser'] as const;
export type ClientKind = (typeof CLIENT_KINDS)[number];

/** What a device is and where it was: shared by a device, a sign-in record and the copy of one's data. */
export const placeFields = {
  /** Model and system, e.g. "Xiaomi 23127PN0CC · Android 14", "iPhone · iOS 17.4", "Windows 10". */
  device: z.string().check(z.minLength(1), z.maxLength(80)),
  /** The app (inside it, or a native client) or a browser. */
  client: z.enum(CLIENT_KINDS),
  /** "通盈达App", or the browser's name ("Chrome", "微信", "Safari"…). */
  clientName: z.string().check(z.minLength(1), z.maxLength(32)),
  /** "广东省深圳市", "美国", "内网" (loopback and private addresses) or "未知". */
  region: z.string().check(z.minLength(1), z.maxLength(40)),
  /** The address masked: IPv4 with its last two parts hidden (120.24.*.*), IPv6 as its /64 (240e:47d:c20:1627::*). */
  address: z.string().check(z.minLength(1), z.maxLength(48)),
};

export const loginDeviceSchema = z.strictObject({
  id: deviceIdField,
  ...placeFields,
  /** The session's sign-in. */
  firstActiveAt: z.number(),
  /** Its last call (kept to the minute). */
  lastActiveAt: z.number(),
  /** The session of this call (本机). */
  current: z.boolean(),
});

/** A sign-in record's id (a random UUID). */
export const loginRecordIdField = z.string().check(z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/));

export const loginRecordSchema = z.strictObject({
  id: loginRecordIdField,
  at: z.number(),
  ...placeFields,
  /** success, or why a code was refused: wrong (4202), no live code (4203), locked after too many (4204). */
  result: z.enum(LOGIN_RESULTS),
  /** An SMS code, or a one-time authorisation from the app (/others/tydPreJump). */
  method: z.enum(LOGIN_METHODS),
});

export const loginRecordPageSchema = z.strictObject({ items: z.array(loginRecordSchema), nextCursor: z.nullable(listCursorField) });
