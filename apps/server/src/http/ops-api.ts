// The operations API's HTTP (docs/api.md: "Operators", the operations view data, "Content operations",
// "Rewards operations"): plain JSON behind an operator's session, each route declaring the role it needs
// (http/ops-guard.ts guards it). One declaration of access, one reading of a body, one shape of
// an answer, for every capability's operations routes; the guard is http/ops-guard.ts.
import { CODE, CODE_TEXT, SUBCODE, parseOpsResponseData, type Code, type OpsEndpoint, type OpsMethod, type OpsResponseData, type Subcode } from '@tyd/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import * as z from 'zod/mini';
import { zhCN } from 'zod/locales';
import type { $ZodType, output } from 'zod/v4/core';
import { ApiError } from './api-error.js';
import { STATE_CHANGING, type OpsAccess } from './ops-guard.js';
import { sendApiResponse } from './send-api-response.js';

/**
 * An operator's name as the audits keep it (the signed-in operator's, whose names are already of this
 * shape): trimmed, 1 to 64 letters, digits, spaces or `. _ @ -`; undefined for anything else.
 */
export function auditedOperator(by: string): string | undefined {
  const trimmed = by.trim();
  return /^[\p{L}\p{N} ._@-]{1,64}$/u.test(trimmed) ? trimmed : undefined;
}
export const AUDITED_OPERATOR_RULE = '操作人（by）：1 至 64 个字母、数字、空格或 . _ @ -';

/** The sealed pipeline reads JSON bodies as text (to check signatures over the bytes sent), so bodies arrive as strings here. */
function jsonOf(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    throw new ApiError(CODE.BAD_REQUEST, SUBCODE.BAD_PAYLOAD, { httpStatus: 400, data: { reason: '请求内容不是 JSON' } });
  }
}

// The protocol's schemas are zod/mini, which carries no messages: zod's Chinese ones are asked for per
// parse, so the reason names the field and says in the operators' language what was expected
// ("title：数值过小：期望 string >=1 字符"; docs/api.md "Operators").
const messages = { error: zhCN().localeError };

/**
 * What an operators' call sends (the body, or the named query parameters of a GET), read against the
 * call's request schema (packages/protocol endpoints/ops/); 400/4009 with every problem in data.reason otherwise.
 */
export function parseOpsInput<Req extends $ZodType>(endpoint: OpsEndpoint<OpsMethod, string, Req>, value: unknown): output<Req> {
  const result = z.safeParse(endpoint.request, jsonOf(value), messages);
  if (!result.success) {
    throw new ApiError(CODE.BAD_REQUEST, SUBCODE.BAD_PAYLOAD, {
      httpStatus: 400,
      data: { reason: result.error.issues.map((i) => `${i.path.join('.') || '请求内容'}：${i.message}`).join('；') },
    });
  }
  return result.data;
}

/**
 * Registers `handler` at the call's method and path (OPS_PATH, with `:id` as Fastify's parameter), behind
 * the operators' guard for `access`: the role the call needs (`viewer`: any signed-in operator).
 */
export function opsRoute(fastify: FastifyInstance, endpoint: OpsEndpoint, access: OpsAccess, handler: RouteHandlerMethod): void {
  fastify.route({ method: endpoint.method, url: endpoint.path, config: { opsAccess: access }, onRequest: fastify.opsGuard(access), handler });
}

/** The signed-in operator (the guard set it; a route without one is a wiring fault). */
export function signedInOperator(request: FastifyRequest) {
  const operator = request.operator;
  if (!operator) throw new Error(`${request.method} ${request.url}: no signed-in operator`);
  return operator;
}

/**
 * A change an operations service refuses for what it was given: `invalid` (400/4009) or naming what does not
 * exist (404), with the reason the page shows. Every capability's operations services throw it, so a change
 * is refused alike whether its own route runs it or an approval does (operators/routes/ops-operators.ts).
 */
export class OpsInputError extends Error {
  override readonly name = 'OpsInputError';
  constructor(
    readonly kind: 'invalid' | 'not-found',
    message: string,
  ) {
    super(message);
  }
}

/** An OpsInputError as its answer; undefined for anything else. */
export const inputRefusal = (error: unknown): OpsRefusal | undefined =>
  error instanceof OpsInputError
    ? error.kind === 'not-found'
      ? { code: CODE.NOT_FOUND, httpStatus: 404, reason: error.message }
      : { code: CODE.BAD_REQUEST, subcode: SUBCODE.BAD_PAYLOAD, httpStatus: 400, reason: error.message }
    : undefined;

/** A refusal of an operations service, as the page shows it: which kind, and why (data.reason). */
export interface OpsRefusal {
  code: Code;
  subcode?: Subcode;
  httpStatus: number;
  reason: string;
}

/**
 * 200 with what `run` returns (a state-changing call's `run` in one transaction with its audit entry), checked against the call's response schema first as the sealed pipeline checks
 * its answers (one outside it is a server fault: 500, logged); a refusal `refusalOf` recognises becomes its
 * coded answer; anything else is thrown on.
 */
export async function opsAnswer<E extends OpsEndpoint>(
  request: FastifyRequest,
  reply: FastifyReply,
  endpoint: E,
  run: () => Promise<OpsResponseData<E>>,
  refusalOf: (error: unknown) => OpsRefusal | undefined,
  /** False for a change that commits itself with its audit entry (approving: operators/services/approvals.ts). */
  commit = true,
) {
  let data: OpsResponseData<E>;
  try {
    // A change commits with its audit entry (http/ops-guard.ts OpsCommit); a read just runs.
    data = commit && STATE_CHANGING.has(request.method) ? await request.server.opsCommit(request, run) : await run();
  } catch (error) {
    const refusal = refusalOf(error);
    if (!refusal) throw error;
    throw new ApiError(refusal.code, refusal.subcode, { httpStatus: refusal.httpStatus, data: { reason: refusal.reason }, detail: refusal.reason });
  }
  const checked = parseOpsResponseData(endpoint, data);
  if (!checked.ok) throw new Error(`${endpoint.method} ${endpoint.path} answered outside its schema: ${checked.issues.join(', ')}`);
  return sendApiResponse(request, reply, { code: CODE.OK, msg: CODE_TEXT[CODE.OK], data: checked.data });
}
