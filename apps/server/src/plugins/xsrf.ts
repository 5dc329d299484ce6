// Anti-forgery (docs/api.md pipeline step 11, SPEC §7): the server issues the XSRF-TOKEN cookie and every API
// POST must echo it in X-XSRF-TOKEN (double submit). The value is a random id with its HMAC, so a cookie
// planted by a sibling subdomain or a man in the middle on http is rejected. Not HttpOnly: the page must
// read it; SameSite=Lax keeps it off cross-site subrequests.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { COOKIE, HEADER, TOKEN_COOKIE_DAYS } from '@tyd/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

const SHAPE = /^[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/;

export interface Xsrf {
  /** True when the request carries a valid cookie and the same value in the header. */
  verify(request: FastifyRequest): boolean;
  /** Sets a fresh cookie unless the request already carries a valid one. */
  ensureCookie(request: FastifyRequest, reply: FastifyReply): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    xsrf: Xsrf;
  }
}

export default fp(
  async (fastify: FastifyInstance, opts: { cookieSecret: string; secure: boolean }) => {
    const key = Buffer.from(opts.cookieSecret, 'base64url');
    const mac = (id: string) => createHmac('sha256', key).update(`xsrf:${id}`).digest('base64url');
    const isGenuine = (value: unknown): value is string => {
      if (typeof value !== 'string' || !SHAPE.test(value)) return false;
      const [id = '', tag = ''] = value.split('.');
      return timingSafeEqual(Buffer.from(tag), Buffer.from(mac(id)));
    };
    const cookieOf = (request: FastifyRequest) => request.cookies[COOKIE.xsrf];

    fastify.decorate('xsrf', {
      verify(request) {
        const cookie = cookieOf(request);
        const header = request.headers[HEADER.xsrf];
        if (!isGenuine(cookie) || typeof header !== 'string' || header.length !== cookie.length) return false;
        return timingSafeEqual(Buffer.from(header), Buffer.from(cookie));
      },
      ensureCookie(request, reply) {
        if (isGenuine(cookieOf(request))) return;
        const id = randomBytes(16).toString('base64url');
        reply.setCookie(COOKIE.xsrf, `${id}.${mac(id)}`, {
          path: '/',
          sameSite: 'lax',
          secure: opts.secure,
          httpOnly: false,
          maxAge: TOKEN_COOKIE_DAYS * 24 * 60 * 60,
        });
      },
    } satisfies Xsrf);
  },
  { name: 'xsrf', fastify: '5.x', dependencies: ['@fastify/cookie'] },
);
