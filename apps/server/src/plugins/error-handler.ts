// The one error handler (STYLE.md "Errors"): typed ApiErrors become their coded answer; Fastify's own
// request errors (body too large, unreadable body) get the matching protocol code; a library's client
// error (the static file server's 400 for a path with a NUL byte, its 412 and 416) keeps its 4xx status
// (http/client-errors.ts); anything else is a generic '500' 服务器繁忙，请稍后重试 with nothing internal
// in it, logged with the request id and its stack. Only that last kind is a fault of ours, the one the
// TydServerErrors alert counts (docs/operations.md "Metrics").
import { CODE, SUBCODE } from '@tyd/protocol';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError } from '../http/api-error.js';
import { answerClientError } from '../http/client-errors.js';
import { sendApiResponse } from '../http/send-api-response.js';
import { KvCapacityError } from '../kv/kv-store.js';
import { scrubText } from '../logging.js';

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

const isClientErrorStatus = (status: number | undefined): status is number => status !== undefined && status >= 400 && status < 500;

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
      // http-errors' client errors (RFC 9110 §15.5), raised by a library about what the client sent: the
      // status stands, with the headers it names (416's Content-Range), and nothing of ours failed.
      if (isClientErrorStatus(error.statusCode)) {
        // Its message is the library's and may quote what the client sent: scrubbed like any logged text.
        request.log.info({ status: error.statusCode, reason: scrubText(error.message) }, 'request rejected');
        const headers: unknown = (error as { headers?: unknown }).headers;
        if (headers && typeof headers === 'object') {
          for (const [name, value] of Object.entries(headers)) if (typeof value === 'string') reply.header(name, value);
        }
        return answerClientError(request, reply, error.statusCode);
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
