// Sends an ApiResponse: sealed with the request's responseKey once the request has been opened,
// plaintext before that (contract "Envelope": errors found before decryption are answered in plaintext).
import type { ApiResponse, RequestContext } from '@tyd/protocol';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sealResponseNode } from '../crypto/node-envelope.js';

/** Set on the request by the pipeline as soon as the envelope opened. */
export interface OpenedCall {
  context: RequestContext;
  /** Raw AES-256-GCM key derived from the request's exchange. */
  responseKey: Buffer;
}

declare module 'fastify' {
  interface FastifyRequest {
    openedCall?: OpenedCall;
    /** The answer's code and subcode, for the request duration metric (plugins/metrics.ts). */
    answeredCode?: { code: string; subcode?: string };
  }
}

export async function sendApiResponse(request: FastifyRequest, reply: FastifyReply, body: ApiResponse, httpStatus = 200): Promise<FastifyReply> {
  reply.code(httpStatus).header('cache-control', 'no-store');
  request.answeredCode = { code: body.code, ...(body.subcode !== undefined && { subcode: body.subcode }) };
  const opened = request.openedCall;
  if (!opened) return reply.send(body);
  const data = sealResponseNode({ responseKey: opened.responseKey, context: opened.context, body });
  return reply.send({ data });
}
