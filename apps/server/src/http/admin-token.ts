// The operations bearer token (TYD_ADMIN_TOKEN): the ops API and the sandbox endpoints accept it.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/** `Authorization: Bearer <token>`; both sides hashed first, so the comparison takes the same time whatever the lengths. */
export function isAdminToken(request: FastifyRequest, adminToken: string): boolean {
  const header = request.headers.authorization;
  const presented = typeof header === 'string' && header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
  return timingSafeEqual(digest(presented), digest(adminToken)) && presented.length > 0;
}
