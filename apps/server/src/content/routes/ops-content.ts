// The /ops content API (docs/api.md "Content operations"): plain JSON behind an operator's session
// (http/ops-api.ts): every role reads, a content editor changes. The content audit keeps the signed-in
// operator's name with every change, and the /ops audit the item before. Each call's address, body and
// answer are its endpoint object's in packages/protocol (endpoints/ops/content-ops.ts).
import {
  CODE,
  SUBCODE,
  opsContentCreate,
  opsContentGet,
  opsContentList,
  opsContentPreview,
  opsContentPublish,
  opsContentUnpublish,
  opsContentUpdate,
  type OpsEndpoint,
  type OpsResponseData,
} from '@tyd/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../../http/api-error.js';
import { opsAnswer, opsRoute, parseOpsInput as parse, signedInOperator, type OpsRefusal } from '../../http/ops-api.js';
import { ContentInputError } from '../services/publishing.js';

/** n_ notice, a_ announcement, r_ article, f_ FAQ entry (services/publishing.ts). */
const ID = /^[narf]_[A-Za-z0-9_-]{6,38}$/;

function contentId(request: FastifyRequest): string {
  const id = (request.params as { id?: string }).id ?? '';
  if (!ID.test(id)) throw new ApiError(CODE.NOT_FOUND, SUBCODE.CONTENT_NOT_FOUND, { httpStatus: 404 });
  return id;
}

/** Refusals of the publishing service as answers the editor shows (the reason in data.reason). */
const refusalOf = (error: unknown): OpsRefusal | undefined =>
  error instanceof ContentInputError
    ? error.kind === 'not-found'
      ? { code: CODE.NOT_FOUND, subcode: SUBCODE.CONTENT_NOT_FOUND, httpStatus: 404, reason: error.message }
      : error.kind === 'conflict'
        ? { code: CODE.CONFLICT, httpStatus: 409, reason: error.message }
        : { code: CODE.BAD_REQUEST, subcode: SUBCODE.BAD_PAYLOAD, httpStatus: 400, reason: error.message }
    : undefined;
const answer = <E extends OpsEndpoint>(request: FastifyRequest, reply: FastifyReply, endpoint: E, run: () => Promise<OpsResponseData<E>>) =>
  opsAnswer(request, reply, endpoint, run, refusalOf);

export default async function opsContentRoutes(fastify: FastifyInstance): Promise<void> {
  const { publishing } = fastify.content;
  const now = () => fastify.clock();
  const by = (request: FastifyRequest) => signedInOperator(request).name;
  /** The item as it was, for the /ops audit (none when the id is unknown: the call is refused anyway). */
  const noteBefore = async (request: FastifyRequest, id: string) => {
    request.opsAudit = { targetId: id, before: await publishing.get(id, now()).catch(() => null) };
  };

  opsRoute(fastify, opsContentList, 'viewer', async (request, reply) => {
    // The named parameter only: other query parameters (a cache-buster) are not the call's and are left alone.
    const { kind } = parse(opsContentList, { kind: (request.query as { kind?: unknown }).kind });
    return answer(request, reply, opsContentList, async () => ({ items: await publishing.list(kind, now()), audit: await publishing.audit(undefined, 50) }));
  });
  opsRoute(fastify, opsContentPreview, 'content_editor', async (request, reply) => {
    const { body } = parse(opsContentPreview, request.body);
    return answer(request, reply, opsContentPreview, async () => ({ html: body.trim() === '' ? '' : publishing.preview(body) }));
  });
  opsRoute(fastify, opsContentCreate, 'content_editor', async (request, reply) => {
    const { kind, by: _by, ...draft } = parse(opsContentCreate, request.body);
    return answer(request, reply, opsContentCreate, () => publishing.create(kind, draft, by(request), now()));
  });
  opsRoute(fastify, opsContentGet, 'viewer', async (request, reply) => {
    const id = contentId(request);
    return answer(request, reply, opsContentGet, async () => ({ item: await publishing.get(id, now()), audit: await publishing.audit(id) }));
  });
  opsRoute(fastify, opsContentUpdate, 'content_editor', async (request, reply) => {
    const id = contentId(request);
    const { by: _by, version, ...draft } = parse(opsContentUpdate, request.body);
    const changes = Object.fromEntries(Object.entries(draft).filter(([, value]) => value !== undefined));
    await noteBefore(request, id);
    return answer(request, reply, opsContentUpdate, () => publishing.edit(id, changes, by(request), now(), version));
  });
  opsRoute(fastify, opsContentPublish, 'content_editor', async (request, reply) => {
    const id = contentId(request);
    const { at } = parse(opsContentPublish, request.body);
    await noteBefore(request, id);
    return answer(request, reply, opsContentPublish, () => publishing.publish(id, by(request), now(), at));
  });
  opsRoute(fastify, opsContentUnpublish, 'content_editor', async (request, reply) => {
    const id = contentId(request);
    parse(opsContentUnpublish, request.body);
    await noteBefore(request, id);
    return answer(request, reply, opsContentUnpublish, () => publishing.unpublish(id, by(request), now()));
  });
}
