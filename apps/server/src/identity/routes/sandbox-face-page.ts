// GET /sandbox/face?session=…: the sandbox face provider's H5 page (services/sandbox-face-page.ts). Only
// with FACE_PROVIDER=sandbox, and like every sandbox route only for loopback clients (http/sandbox-access.ts).
import type { FastifyInstance } from 'fastify';
import { sandboxAccess } from '../../http/sandbox-access.js';
import { sandboxFacePage } from '../services/sandbox-face-page.js';

export default async function sandboxFacePageRoute(fastify: FastifyInstance, opts: { returnUrl: string }): Promise<void> {
  fastify.get<{ Querystring: { session?: string } }>('/sandbox/face', { onRequest: sandboxAccess() }, async (request, reply) => {
    const session = request.query.session;
    reply.header('cache-control', 'no-store');
    if (typeof session !== 'string' || !/^[A-Za-z0-9_-]{16,64}$/.test(session))
      return reply.code(404).type('text/plain; charset=utf-8').send('no such sandbox face session');
    const page = sandboxFacePage({ sessionId: session, returnUrl: opts.returnUrl });
    reply.header('content-security-policy', page.csp);
    reply.header('permissions-policy', 'camera=(self)');
    return reply.type('text/html; charset=utf-8').send(page.html);
  });
}
