// The /ops help API (docs/api.md "Help and customer service"): plain JSON behind an operator's session,
// like the content operations (content/routes/ops-content.ts): every role reads the questions, a content
// editor answers them, and the answer is kept with the signed-in operator's name. Each call's address, body
// and answer are its endpoint object's in packages/protocol (endpoints/ops/help-ops.ts).
import { CODE, SUBCODE, opsHelpAnswer, opsHelpQuestions, type OpsEndpoint, type OpsResponseData } from '@tyd/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../../http/api-error.js';
import { opsAnswer, opsRoute, parseOpsInput as parse, signedInOperator, type OpsRefusal } from '../../http/ops-api.js';
import { HelpInputError } from '../services/questions.js';

const ID = /^q_[A-Za-z0-9_-]{16}$/;

function questionId(request: FastifyRequest): string {
  const id = (request.params as { id?: string }).id ?? '';
  if (!ID.test(id)) throw new ApiError(CODE.NOT_FOUND, SUBCODE.QUESTION_NOT_FOUND, { httpStatus: 404 });
  return id;
}

/** Refusals of the questions service as answers the page shows (the reason in data.reason). */
const refusalOf = (error: unknown): OpsRefusal | undefined =>
  error instanceof HelpInputError
    ? error.kind === 'not-found'
      ? { code: CODE.NOT_FOUND, subcode: SUBCODE.QUESTION_NOT_FOUND, httpStatus: 404, reason: error.message }
      : error.kind === 'answered'
        ? { code: CODE.CONFLICT, subcode: SUBCODE.QUESTION_ALREADY_ANSWERED, httpStatus: 409, reason: error.message }
        : { code: CODE.BAD_REQUEST, subcode: SUBCODE.BAD_PAYLOAD, httpStatus: 400, reason: error.message }
    : undefined;
const answer = <E extends OpsEndpoint>(request: FastifyRequest, reply: FastifyReply, endpoint: E, run: () => Promise<OpsResponseData<E>>) =>
  opsAnswer(request, reply, endpoint, run, refusalOf);

export default async function opsQuestionRoutes(fastify: FastifyInstance): Promise<void> {
  const { questions } = fastify.help;

  opsRoute(fastify, opsHelpQuestions, 'viewer', async (request, reply) => {
    const { status } = parse(opsHelpQuestions, { status: (request.query as { status?: unknown }).status });
    return answer(request, reply, opsHelpQuestions, async () => ({ items: await questions.list(status ?? 'open') }));
  });
  opsRoute(fastify, opsHelpAnswer, 'content_editor', async (request, reply) => {
    const id = questionId(request);
    const { answer: text } = parse(opsHelpAnswer, request.body);
    return answer(request, reply, opsHelpAnswer, () => questions.answer(id, text, signedInOperator(request).name, fastify.clock()));
  });
}
