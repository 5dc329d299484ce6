// The lucky draw and points (docs/api.md "Points and the lucky draw"): update-lucky-points (SPEC §7: one
// draw), get-lucky-draw-url (SPEC §7: the page with a one-time ticket), and, not in SPEC §7, what the page
// shows (lucky-draw-info), the user's draws (lucky-draw-history) and points (points-ledger).
import { luckyDrawInfo, updateLuckyPoints, luckyDrawHistory, pointsLedger, getLuckyDrawUrl } from '@tyd/protocol';
import type { FastifyInstance } from 'fastify';
import { loggedInPageAddress } from './page-address.js';

/** The lucky-draw page (apps/web route table). */
export const LUCKY_DRAW_PAGE = '/activity/lucky-draw';

export default async function luckyDrawRoutes(fastify: FastifyInstance): Promise<void> {
  fastify.apiRoute({
    endpoint: luckyDrawInfo,
    auth: 'required',
    handler: async ({ session }) => fastify.rewards.luckyDraw.info(session.user.id, fastify.clock()),
  });
  fastify.apiRoute({
    endpoint: updateLuckyPoints,
    auth: 'required',
    handler: async ({ payload, session }) => fastify.rewards.luckyDraw.draw(session.user.id, payload.idempotencyKey, fastify.clock()),
  });
  fastify.apiRoute({
    endpoint: luckyDrawHistory,
    auth: 'required',
    handler: async ({ payload, session }) => fastify.rewards.luckyDraw.history(session.user.id, payload.cursor),
  });
  fastify.apiRoute({
    endpoint: pointsLedger,
    auth: 'required',
    handler: async ({ payload, session }) => fastify.rewards.pointsPage(session.user.id, payload.cursor, fastify.clock()),
  });
  fastify.apiRoute({
    endpoint: getLuckyDrawUrl,
    auth: 'required',
    handler: async ({ session, now }) => loggedInPageAddress(fastify, session, LUCKY_DRAW_PAGE, now),
  });
}
