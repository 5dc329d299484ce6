// GET /content-images/<id>: images of articles, from our own storage only (docs/architecture.md
// "Content"). Stored after the photo checks (kind by magic bytes, dimensions, metadata removed); served
// with their stored type, nosniff and a CSP that forbids everything, so an image can never be run as a page.
import { CONTENT_IMAGES_PATH } from '@tyd/protocol';
import type { FastifyInstance } from 'fastify';

const ID = /^i_[A-Za-z0-9_-]{6,38}$/;

export default async function contentImagesRoute(fastify: FastifyInstance): Promise<void> {
  fastify.get<{ Params: { id: string } }>(`${CONTENT_IMAGES_PATH}/:id`, async (request, reply) => {
    const image = ID.test(request.params.id) ? await fastify.content.publishing.image(request.params.id) : undefined;
    if (!image) return reply.code(404).type('text/plain; charset=utf-8').send('not found');
    return reply
      .type(image.contentType)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .send(image.bytes);
  });
}
