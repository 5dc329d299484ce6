// Who may use a sandbox endpoint (the SMS outbox today; OCR, face and bank sandboxes later): a client on
// this machine, or a request carrying the operations token. A sandbox shows codes and documents meant for
// someone else's phone, so on a development server reachable from a network it must not be public.
// "On this machine" is request.ip, which honours TRUST_PROXY: behind our proxy it is the proxy's view of
// the client, never the proxy itself (which is often on loopback).
import { CODE } from '@tyd/protocol';
import type { onRequestHookHandler } from 'fastify';
import { ApiError } from './api-error.js';
import { isAdminToken } from './admin-token.js';

const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/i;

export function isLoopbackAddress(ip: string): boolean {
  return LOOPBACK.test(ip);
}

/** onRequest hook of every sandbox route: 403 unless loopback or the admin token. */
export function sandboxAccess(adminToken: string | undefined): onRequestHookHandler {
  return async (request) => {
    if (isLoopbackAddress(request.ip)) return;
    if (adminToken && isAdminToken(request, adminToken)) return;
    throw new ApiError(CODE.FORBIDDEN, undefined, { httpStatus: 403, detail: 'sandbox endpoint: loopback or admin token only' });
  };
}
