// The enrolment link's own calls (docs/api.md "Operators"): no session (the operator has no credentials yet;
// the link's token is the proof), each refused call counted against the client address's budget
// (services/enrolment-budget.ts). An unknown, used, replaced or expired link gets one answer, 404/4261, so
// nobody can tell which of them a token was.
import { CODE, SUBCODE, opsEnrolmentFinish, opsEnrolmentStart, type OpsEndpoint, type OpsResponseData } from '@tyd/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../../http/api-error.js';
import { opsAnswer, opsRoute, parseOpsInput as parse, type OpsRefusal } from '../../http/ops-api.js';
import { clientAddressKey } from '../../lib/client-address.js';
import { createEnrolmentBudget } from '../services/enrolment-budget.js';
import { EnrolmentError } from '../services/enrolment.js';

const refusalOf = (error: unknown): OpsRefusal | undefined => {
  if (!(error instanceof EnrolmentError)) return undefined;
  if (error.kind === 'invalid') return { code: CODE.NOT_FOUND, subcode: SUBCODE.OPS_ENROLMENT_INVALID, httpStatus: 404, reason: error.message };
  if (error.kind === 'code') return { code: CODE.BAD_REQUEST, subcode: SUBCODE.OPS_ENROLMENT_CODE_WRONG, httpStatus: 400, reason: error.message };
  return { code: CODE.BAD_REQUEST, subcode: SUBCODE.BAD_PAYLOAD, httpStatus: 400, reason: error.message };
};

export default async function opsEnrolmentRoutes(fastify: FastifyInstance): Promise<void> {
  const { enrolments } = fastify.operators.accounts;
  const budget = createEnrolmentBudget(fastify.kv);
  const now = () => fastify.clock();

  /** Runs `run` within the address's budget of refusals; a call that went through is marked good. */
  async function budgeted<E extends OpsEndpoint>(request: FastifyRequest, reply: FastifyReply, endpoint: E, run: () => Promise<OpsResponseData<E>>) {
    const attempt = await budget.attempt(clientAddressKey(request.ip), now());
    if (attempt.locked) {
      reply.header('retry-after', String(attempt.retryAfterSeconds));
      throw new ApiError(CODE.TOO_MANY_REQUESTS, undefined, {
        httpStatus: 429,
        data: { reason: '尝试次数过多，请稍后再试', retryAfterSeconds: attempt.retryAfterSeconds },
      });
    }
    const answer = await opsAnswer(request, reply, endpoint, run, refusalOf);
    await attempt.good();
    return answer;
  }

  opsRoute(fastify, opsEnrolmentStart, 'public', async (request, reply) =>
    budgeted(request, reply, opsEnrolmentStart, async () => {
      const { token } = parse(opsEnrolmentStart, request.body);
      return enrolments.start(token, now());
    }),
  );

  opsRoute(fastify, opsEnrolmentFinish, 'public', async (request, reply) =>
    budgeted(request, reply, opsEnrolmentFinish, async () => {
      const input = parse(opsEnrolmentFinish, request.body);
      const { operator } = await enrolments.finish(input, now());
      // The audit names the operator who enrolled, from where; never the token, the password or the code.
      request.operator = { id: operator.id, name: operator.name, role: operator.role };
      request.opsAudit = { targetId: operator.id, after: { enrolled: true } };
      return { operator: { name: operator.name, role: operator.role } };
    }),
  );
}
