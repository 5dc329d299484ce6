// The /ops content API (docs/api.md "Content operations"): plain JSON behind the admin token, like the
// operations summary (http/ops-api.ts). The operator names themselves in `by`, which the
// audit keeps with every change (the token is shared; `by` says who acted).
import { CODE, OPS_CONTENT_PATH, SUBCODE } from '@tyd/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ApiError } from '../../http/api-error.js';
import { opsAnswer, parseOpsInput as parse, requireAdminToken, type OpsRefusal } from '../../http/ops-api.js';
import { ContentInputError, MAX_BODY_CHARS } from '../services/publishing.js';

const by = z.string().min(1).max(64);
const draftFields = { title: z.string().min(1).max(100), body: z.string().min(1).max(MAX_BODY_CHARS), summary: z.string().max(200).optional(), important: z.boolean().optional() };
const createBody = z.strictObject({ kind: z.enum(['notice', 'announcement', 'article']), by, ...draftFields });
const editBody = z.strictObject({ by, version: z.number().int().positive(), title: draftFields.title.optional(), body: draftFields.body.optional(), summary: draftFields.summary, important: draftFields.important });
const publishBody = z.strictObject({ by, at: z.number().int().positive().optional() });
const unpublishBody = z.strictObject({ by });
const previewBody = z.strictObject({ body: z.string().max(MAX_BODY_CHARS) });
const ID = /^[nar]_[A-Za-z0-9_-]{6,38}$/;

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
const answer = (request: FastifyRequest, reply: FastifyReply, run: () => Promise<unknown>) => opsAnswer(request, reply, run, refusalOf);

export default async function opsContentRoutes(fastify: FastifyInstance): Promise<void> {
  const { adminToken, publishing } = fastify.content;
  // This plugin's routes only (it is registered without fastify-plugin, so the hook stays in it), every
  // one of them: matching the raw address instead let one written another way (`%63ontent`) past the token.
  fastify.addHook('onRequest', async (request, reply) => requireAdminToken(request, reply, adminToken));
  const now = () => fastify.clock();

  fastify.get(OPS_CONTENT_PATH, async (request, reply) => {
    const kind = (request.query as { kind?: unknown }).kind;
    const parsed = parse(z.enum(['notice', 'announcement', 'article']).optional(), kind);
    return answer(request, reply, async () => ({ items: await publishing.list(parsed, now()), audit: await publishing.audit(undefined, 50) }));
  });
  fastify.post(`${OPS_CONTENT_PATH}/preview`, async (request, reply) => {
    const { body } = parse(previewBody, request.body);
    return answer(request, reply, async () => ({ html: body.trim() === '' ? '' : publishing.preview(body) }));
  });
  fastify.post(OPS_CONTENT_PATH, async (request, reply) => {
    const { kind, by: actor, ...draft } = parse(createBody, request.body);
    return answer(request, reply, () => publishing.create(kind, draft, actor, now()));
  });
  fastify.get(`${OPS_CONTENT_PATH}/:id`, async (request, reply) => {
    const id = contentId(request);
    return answer(request, reply, async () => ({ item: await publishing.get(id, now()), audit: await publishing.audit(id) }));
  });
  fastify.put(`${OPS_CONTENT_PATH}/:id`, async (request, reply) => {
    const id = contentId(request);
    const { by: actor, version, ...draft } = parse(editBody, request.body);
    const changes = Object.fromEntries(Object.entries(draft).filter(([, value]) => value !== undefined));
    return answer(request, reply, () => publishing.edit(id, changes, actor, now(), version));
  });
  fastify.post(`${OPS_CONTENT_PATH}/:id/publish`, async (request, reply) => {
    const id = contentId(request);
    const { by: actor, at } = parse(publishBody, request.body);
    return answer(request, reply, () => publishing.publish(id, actor, now(), at));
  });
  fastify.post(`${OPS_CONTENT_PATH}/:id/unpublish`, async (request, reply) => {
    const id = contentId(request);
    const { by: actor } = parse(unpublishBody, request.body);
    return answer(request, reply, () => publishing.unpublish(id, actor, now()));
  });
}
