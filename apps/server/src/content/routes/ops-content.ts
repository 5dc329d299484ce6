// The /ops content API (docs/api.md "Content operations"): plain JSON behind the admin token, like the
// operations summary (http/ops-api.ts). The operator names themselves in `by`, which the
// audit keeps with every change (the token is shared; `by` says who acted). Each call's address, body and
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
import { opsAnswer, opsRoute, parseOpsInput as parse, requireAdminToken, type OpsRefusal } from '../../http/ops-api.js';
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
  const { adminToken, publishing } = fastify.content;
  // This plugin's routes only (it is registered without fastify-plugin, so the hook stays in it), every
  // one of them: matching the raw address instead let one written another way (`%63ontent`) past the token.
  fastify.addHook('onRequest', async (request, reply) => requireAdminToken(request, reply, adminToken));
  const now = () => fastify.clock();

  opsRoute(fastify, opsContentList, async (request, reply) => {
    // The named parameter only: other query parameters (a cache-buster) are not the call's and are left alone.
    const { kind } = parse(opsContentList, { kind: (request.query as { kind?: unknown }).kind });
    return answer(request, reply, opsContentList, async () => ({ items: await publishing.list(kind, now()), audit: await publishing.audit(undefined, 50) }));
  });
  opsRoute(fastify, opsContentPreview, async (request, reply) => {
    const { body } = parse(opsContentPreview, request.body);
    return answer(request, reply, opsContentPreview, async () => ({ html: body.trim() === '' ? '' : publishing.preview(body) }));
  });
  opsRoute(fastify, opsContentCreate, async (request, reply) => {
    const { kind, by: actor, ...draft } = parse(opsContentCreate, request.body);
    return answer(request, reply, opsContentCreate, () => publishing.create(kind, draft, actor, now()));
  });
  opsRoute(fastify, opsContentGet, async (request, reply) => {
    const id = contentId(request);
    return answer(request, reply, opsContentGet, async () => ({ item: await publishing.get(id, now()), audit: await publishing.audit(id) }));
  });
  opsRoute(fastify, opsContentUpdate, async (request, reply) => {
    const id = contentId(request);
    const { by: actor, version, ...draft } = parse(opsContentUpdate, request.body);
    const changes = Object.fromEntries(Object.entries(draft).filter(([, value]) => value !== undefined));
    return answer(request, reply, opsContentUpdate, () => publishing.edit(id, changes, actor, now(), version));
  });
  opsRoute(fastify, opsContentPublish, async (request, reply) => {
    const id = contentId(request);
    const { by: actor, at } = parse(opsContentPublish, request.body);
    return answer(request, reply, opsContentPublish, () => publishing.publish(id, actor, now(), at));
  });
  opsRoute(fastify, opsContentUnpublish, async (request, reply) => {
    const id = contentId(request);
    const { by: actor } = parse(opsContentUnpublish, request.body);
    return answer(request, reply, opsContentUnpublish, () => publishing.unpublish(id, actor, now()));
  });
}
