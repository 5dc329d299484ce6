// Who may use a sandbox endpoint (the SMS outbox, the sandbox face page and its "done"): a client on this
// machine only (no shared token opens it from afar any more: docs/operations.md "Operators"). A sandbox shows codes and documents meant for
// someone else's phone, so on a development or staging server reachable from a network it must not be public.
// "On this machine" is decided on the TCP peer (request.socket.remoteAddress), never on request.ip: with
// TRUST_PROXY, request.ip is read from X-Forwarded-For, which any client that reaches the port directly
// can write ("X-Forwarded-For: 127.0.0.1"). And a request that a proxy on this machine forwards for a
// client elsewhere arrives from loopback too, so any forwarding header that names another address
// (X-Forwarded-For, X-Real-IP, RFC 7239 Forwarded) refuses it, whatever TRUST_PROXY says.
import { CODE } from '@tyd/protocol';
import type { FastifyRequest, onRequestHookHandler } from 'fastify';
import { ApiError } from './api-error.js';

const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/i;

export function isLoopbackAddress(ip: string): boolean {
  return LOOPBACK.test(ip);
}

/** The addresses a request's forwarding headers name, as written (RFC 7239 §6: quotes, brackets and ports removed). */
function forwardedAddresses(request: FastifyRequest): string[] {
  const values = (name: string) => {
    const value = request.headers[name];
    return value === undefined ? [] : Array.isArray(value) ? value : [value];
  };
  const xff = [...values('x-forwarded-for'), ...values('x-real-ip')].flatMap((v) => v.split(','));
  const forwarded = values('forwarded').flatMap((v) => [...v.matchAll(/for\s*=\s*("[^"]*"|[^;,\s]*)/gi)].map((m) => m[1] ?? ''));
  return [...xff, ...forwarded].map((entry) => {
    const address = entry.trim().replace(/^"|"$/g, '');
    const bracketed = /^\[([^\]]*)\]/.exec(address);
    if (bracketed) return bracketed[1] ?? '';
    return /^\d+\.\d+\.\d+\.\d+:\d+$/.test(address) ? (address.split(':')[0] ?? '') : address;
  });
}

/** True when the request comes from this machine: a loopback TCP peer, forwarded for no one else. */
export function isLocalRequest(request: FastifyRequest): boolean {
  const peer = request.socket.remoteAddress;
  if (peer === undefined || !isLoopbackAddress(peer)) return false;
  return forwardedAddresses(request).every((address) => address === '' || isLoopbackAddress(address));
}

/** onRequest hook of every sandbox route: 403 unless a local request (above). */
export function sandboxAccess(): onRequestHookHandler {
  return async (request) => {
    if (isLocalRequest(request)) return;
    throw new ApiError(CODE.FORBIDDEN, undefined, { httpStatus: 403, detail: 'sandbox endpoint: loopback only' });
  };
}
