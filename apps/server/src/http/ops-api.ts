// The operations API's HTTP (docs/api.md: the operations view data, "Content operations", "Rewards operations"):
// plain JSON behind the admin token (Authorization: Bearer, compared in constant time, admin-token.ts).
// Without a configured token the API does not exist (404). One check of the token, one reading of a body,
// one shape of an answer, for every capability's operations routes.
import { CODE, CODE_TEXT, SUBCODE, type Code, type Subcode } from '@tyd/protocol';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { isAdminToken } from './admin-token.js';
import { ApiError } from './api-error.js';
import { sendApiResponse } from './send-api-response.js';

/** Throws 404 when the API is off, 401 (with the Bearer challenge) without the right token. */
export function requireAdminToken(request: FastifyRequest, reply: FastifyReply, adminToken: string | undefined): void {
  if (!adminToken) throw new ApiError(CODE.NOT_FOUND, undefined, { httpStatus: 404, detail: 'operations API off' });
  if (!isAdminToken(request, adminToken)) {
    reply.header('www-authenticate', 'Bearer realm="ops"');
    throw new ApiError(CODE.UNAUTHORIZED, undefined, { httpStatus: 401, detail: 'admin token missing or wrong' });
  }
}

/** The sealed pipeline reads JSON bodies as text (to check signatures over the bytes sent), so bodies arrive as strings here. */
function jsonOf(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    throw new ApiError(CODE.BAD_REQUEST, SUBCODE.BAD_PAYLOAD, { httpStatus: 400, data: { reason: 'the body is not JSON' } });
  }
}

/** A body (or query value) read against its schema; 400/4009 with every problem in data.reason otherwise. */
export function parseOpsInput<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(jsonOf(value));
  if (!result.success) {
    throw new ApiError(CODE.BAD_REQUEST, SUBCODE.BAD_PAYLOAD, { httpStatus: 400, data: { reason: result.error.issues.map((i) => `${i.path.join('.') || '(body)'}: ${i.message}`).join('; ') } });
  }
  return result.data;
}

/** A refusal of an operations service, as the page shows it: which kind, and why (data.reason). */
export interface OpsRefusal {
  code: Code;
  subcode?: Subcode;
  httpStatus: number;
  reason: string;
}

/** 200 with what `run` returns; a refusal `refusalOf` recognises becomes its coded answer; anything else is thrown on. */
export async function opsAnswer(request: FastifyRequest, reply: FastifyReply, run: () => Promise<unknown>, refusalOf: (error: unknown) => OpsRefusal | undefined) {
  try {
    const data = await run();
    return await sendApiResponse(request, reply, { code: CODE.OK, msg: CODE_TEXT[CODE.OK], data });
  } catch (error) {
    const refusal = refusalOf(error);
    if (!refusal) throw error;
    throw new ApiError(refusal.code, refusal.subcode, { httpStatus: refusal.httpStatus, data: { reason: refusal.reason }, detail: refusal.reason });
  }
}
