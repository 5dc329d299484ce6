// Opaque list cursors for paged lists, newest first (docs/api.md "Paged lists", docs/protocol.md "List
// cursors"): the position after the last item shown (its time and id), bound to the list it pages (and to
// the account, for an account's own list) by an HMAC-SHA256 tag (RFC 2104) under a key derived from
// TYD_COOKIE_SECRET. Any string the server did not hand out for that list, whatever its shape (not
// base64url, garbage, one byte changed, another list's or another account's), is answered the same:
// 400/4701. The position itself is not secret; the tag only makes every foreign cursor recognisable.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { CODE, SUBCODE } from '@tyd/protocol';
import { ApiError } from '../http/api-error.js';
import { deriveKey } from './derived-keys.js';

/** A position in a list ordered by time, then id, both descending. */
export interface ListPosition {
  at: number;
  id: string;
}

export const DEFAULT_PAGE_SIZE = 20;

/** Bytes of the tag kept (128 bits: a guess passes with probability 2^-128). */
const TAG_BYTES = 16;
/** Longer than any cursor handed out (16 + a 16-digit time, a dot and a 40-character id, in base64url). */
const MAX_CURSOR_CHARS = 200;
const POSITION = /^([0-9]{1,16})\.([A-Za-z0-9_-]{1,40})$/;

export interface ListCursors {
  /**
   * The position a cursor names in `list` (e.g. `notices`, `messages:<user id>`), undefined without one,
   * else 400/4701 for any cursor this server did not hand out for that list.
   */
  decode(cursor: string | undefined, list: string): ListPosition | undefined;
  /** One page from rows read with limit + 1: the page and the cursor after it for `list`, or null on the last page. */
  pageOf<T>(rows: T[], limit: number, list: string, positionOf: (row: T) => ListPosition): { rows: T[]; nextCursor: string | null };
}

/** The cursors of every list, under the key derived from TYD_COOKIE_SECRET (each module that pages derives the same). */
export function createListCursors(cookieSecret: string): ListCursors {
  const key = deriveKey(cookieSecret, 'list-cursor');
  const tagOf = (list: string, position: Buffer) => createHmac('sha256', key).update(`${list}\n`, 'utf8').update(position).digest().subarray(0, TAG_BYTES);
  const encode = (position: ListPosition, list: string) => {
    const text = Buffer.from(`${position.at}.${position.id}`, 'utf8');
    return Buffer.concat([tagOf(list, text), text]).toString('base64url');
  };
  const foreign = () => new ApiError(CODE.BAD_REQUEST, SUBCODE.LIST_CURSOR_INVALID);
  return {
    decode(cursor, list) {
      if (cursor === undefined) return undefined;
      if (cursor.length > MAX_CURSOR_CHARS || !/^[A-Za-z0-9_-]+$/.test(cursor)) throw foreign();
      const bytes = Buffer.from(cursor, 'base64url');
      // Node decodes base64url leniently (trailing bits, a dangling character): only the canonical form is one handed out.
      if (bytes.length <= TAG_BYTES || bytes.toString('base64url') !== cursor) throw foreign();
      const text = bytes.subarray(TAG_BYTES);
      if (!timingSafeEqual(bytes.subarray(0, TAG_BYTES), tagOf(list, text))) throw foreign();
      const match = POSITION.exec(text.toString('utf8'));
      if (!match) throw foreign();
      return { at: Number(match[1]), id: match[2]! };
    },
    pageOf(rows, limit, list, positionOf) {
      const page = rows.slice(0, limit);
      const last = page[page.length - 1];
      return { rows: page, nextCursor: rows.length > limit && last ? encode(positionOf(last), list) : null };
    },
  };
}
