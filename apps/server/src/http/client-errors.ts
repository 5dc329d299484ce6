// Answers for requests that are the client's mistake before any route of ours could take them: a URL the
// router cannot decode (bad percent-encoding, escapes that are not UTF-8), a path the static file server
// refuses (a NUL byte), a Range or precondition a file cannot meet. They are 4xx in the product's shape,
// never a fault of ours (docs/operations.md "Metrics": TydServerErrors counts our faults only): the
// envelope under the API base (SPEC §7, as plugins/not-found.ts answers an unknown endpoint), a plain-text
// status line anywhere else (as it answers a missing file).
import { STATUS_CODES } from 'node:http';
import { API_BASE, CODE } from '@tyd/protocol';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from './api-error.js';
import { sendApiResponse } from './send-api-response.js';

/** Whether `url` (path and query as received) is under the API base. */
export function isApiPath(url: string): boolean {
  const path = url.split('?', 1)[0] ?? '';
  return path === API_BASE || path.startsWith(`${API_BASE}/`);
}

/** Answers `status` (4xx) for a request the client got wrong, in the shape its path calls for. */
export function answerClientError(request: FastifyRequest, reply: FastifyReply, status: number): Promise<FastifyReply> | FastifyReply {
  if (isApiPath(request.url)) {
    const error = new ApiError(status === 404 ? CODE.NOT_FOUND : CODE.BAD_REQUEST, undefined, { httpStatus: status });
    return sendApiResponse(request, reply, error.toResponse(), status);
  }
  return reply
    .code(status)
    .type('text/plain; charset=utf-8')
    .send(`${STATUS_CODES[status] ?? 'Bad Request'}\n`);
}
