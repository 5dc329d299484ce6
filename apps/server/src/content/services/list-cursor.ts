// Opaque list cursors (docs/api.md "Notices, messages and content"): base64url of "<time>.<id>", the
// position after the last item shown. Not secret: a made-up cursor only names another position.
import { CODE, SUBCODE } from '@tyd/protocol';
import { ApiError } from '../../http/api-error.js';
import type { ListPosition } from '../repositories/content-repository.js';

export const DEFAULT_PAGE_SIZE = 20;

export function encodeCursor(position: ListPosition): string {
  return Buffer.from(`${position.at}.${position.id}`, 'utf8').toString('base64url');
}

/** The position of a cursor, or 400/4701 when it is not one this server hands out. */
export function decodeCursor(cursor: string | undefined): ListPosition | undefined {
  if (cursor === undefined) return undefined;
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const match = /^([0-9]{1,16})\.([A-Za-z0-9_-]{8,40})$/.exec(text);
  if (!match || encodeCursor({ at: Number(match[1]), id: match[2]! }) !== cursor) throw new ApiError(CODE.BAD_REQUEST, SUBCODE.LIST_CURSOR_INVALID);
  return { at: Number(match[1]), id: match[2]! };
}

/** One page from rows read with limit + 1: the page and the cursor after it, or null on the last page. */
export function pageOf<T>(rows: T[], limit: number, positionOf: (row: T) => ListPosition): { rows: T[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return { rows: page, nextCursor: rows.length > limit && last ? encodeCursor(positionOf(last)) : null };
}
