// POST /tydApi/v1/user/check-login (SPEC §7 checkLogin): with a valid session '200' and the masked phone
// (SPEC §3: phone stored masked on the client); without one the pipeline answers '401' (SPEC §4).
import { maskPhone, checkLogin } from '@tyd/protocol';
import type { FastifyInstance } from 'fastify';

export default async function checkLoginRoute(fastify: FastifyInstance): Promise<void> {
  fastify.apiRoute({
    endpoint: checkLogin,
    auth: 'required',
    handler: async ({ session }) => ({ loggedIn: true as const, phone: maskPhone(session.user.phone) }),
  });
}
