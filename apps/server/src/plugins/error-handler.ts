// The one error handler (STYLE.md "Errors"): typed ApiErrors become their coded answer; Fastify's own
// request errors (body too large, unreadable body) get the matching protocol code; anything else is a
// generic '500' 服务器繁忙，请稍后重试 with nothing internal in it, logged with the request id.
import { CODE, SUBCODE } from '@tyd/protocol';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError } from '../http/api-error.js';
import { sendApiResponse } from '../http/send-api-response.js';
import { KvCapacityError } from '../kv/kv-store.js';

export function toApiError(error: FastifyError | Error): ApiError | undefined {
  if (error instanceof ApiError) return error;
  if (error instanceof KvCapacityError) return new ApiError(CODE.TOO_MANY_REQUESTS, undefined, { detail: error.message });
  const fastifyError = error as FastifyError;
  if (fastifyError.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || fastifyError.statusCode === 413) {
    return new ApiError(CODE.PAYLOAD_TOO_LARGE, undefined, { httpStatus: 413, detail: fastifyError.code });
  }
  // Fastify's body-reading failures (bad content length, aborted body, unsupported media type...).
  if (typeof fastifyError.code === 'string' && fastifyError.code.startsWith('FST_ERR_CTP_')) {
    return new ApiError(CODE.BAD_REQUEST, SUBCODE.BAD_ENVELOPE, { detail: fastifyError.code });
  }
  return undefined;
}

export default fp(
  async (fastify: FastifyInstance) => {
    fastify.setErrorHandler(async (error: FastifyError, request, reply) => {
      // The static file server refuses directories (403) and missing files (404) with errors: those are
      // not-found answers (page fallback or a plain 404), not faults.
      if ((request.method === 'GET' || request.method === 'HEAD') && (error.statusCode === 403 || error.statusCode === 404)) {
        return reply.callNotFound();
      }
      const known = toApiError(error);
      if (known) {
        request.log.info({ code: known.code, subcode: known.subcode, reason: known.message }, 'request rejected');
        return sendApiResponse(request, reply, known.toResponse(), known.httpStatus);
      }
      request.log.error({ err: error }, 'unhandled error');
      const busy = new ApiError(CODE.SERVER_BUSY);
      try {
        return await sendApiResponse(request, reply, busy.toResponse(), 500);
      } catch {
        request.openedCall = undefined;
        return sendApiResponse(request, reply, busy.toResponse(), 500);
      }
    });
  },
  { name: 'error-handler', fastify: '5.x' },
);
