// The device cookie (docs/api.md "SMS code rules", docs/protocol.md §2): after a correct login code the
// browser gets a random id with its HMAC, so the server can tell the phone owner's own browser from a
// stranger's behind the same carrier address (docs/architecture.md "SMS owner by device"). HttpOnly: no
// page script needs it; SameSite=Lax and Secure as the other cookies; only the API path sees it. The MAC
// makes a planted or altered cookie worthless; the id decides nothing alone (the owner record does).
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { API_BASE, COOKIE } from '@tyd/protocol';
import type { FastifyReply, FastifyRequest } from 'fastify';

const SHAPE = /^[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/;
/** Long-lived: a device keeps being its owner's across sessions (7 days) and logins. */
const MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

export interface DeviceCookie {
  /** The id of the request's device cookie when its MAC is genuine; undefined when absent, planted or altered. */
  read(request: FastifyRequest): string | undefined;
  /** A fresh id (16 random bytes, base64url) for a device that has no cookie yet. */
  newId(): string;
  /** Sets, or refreshes for another year, the cookie of `id`. */
  set(reply: FastifyReply, id: string): void;
}

/** `key`: deriveKey(cookieSecret, 'device-cookie') (lib/derived-keys.ts). */
export function createDeviceCookie(opts: { key: Buffer; secure: boolean }): DeviceCookie {
  const mac = (id: string) => createHmac('sha256', opts.key).update(`device:${id}`).digest('base64url');
  return {
    read(request) {
      const value = request.cookies[COOKIE.device];
      if (typeof value !== 'string' || !SHAPE.test(value)) return undefined;
      const [id = '', tag = ''] = value.split('.');
      return timingSafeEqual(Buffer.from(tag), Buffer.from(mac(id))) ? id : undefined;
    },
    newId: () => randomBytes(16).toString('base64url'),
    set(reply, id) {
      reply.setCookie(COOKIE.device, `${id}.${mac(id)}`, { path: API_BASE, httpOnly: true, sameSite: 'lax', secure: opts.secure, maxAge: MAX_AGE_SECONDS });
    },
  };
}
