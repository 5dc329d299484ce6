// POST /tydApi/v1/user/login-devices, end-session, end-other-sessions and login-records (账户与安全, not in
// SPEC §7; docs/api.md "Account security"). Each needs a session and reads or ends only that session's account's.
import { endOtherSessions, endSession, loginDevices, loginRecords } from '@tyd/protocol';
import type { FastifyInstance } from 'fastify';
import { endDevice, endOtherDevices, listDevices, listLoginRecords } from '../services/account-security.js';

export default async function accountSecurityRoutes(fastify: FastifyInstance): Promise<void> {
  fastify.apiRoute({
    endpoint: loginDevices,
    auth: 'required',
    handler: async ({ session, now }) => ({ devices: await listDevices(fastify.accounts, session.session, now) }),
  });
  fastify.apiRoute({
    endpoint: endSession,
    auth: 'required',
    handler: async ({ session, payload, now }) => {
      await endDevice(fastify.accounts, session.session, payload.deviceId, now);
      return undefined;
    },
  });
  fastify.apiRoute({
    endpoint: endOtherSessions,
    auth: 'required',
    handler: async ({ session, now }) => ({ ended: await endOtherDevices(fastify.accounts, session.session, now) }),
  });
  fastify.apiRoute({
    endpoint: loginRecords,
    auth: 'required',
    handler: async ({ session, payload, now }) => listLoginRecords(fastify.accounts, session.user.id, payload, now),
  });
}
