// request-data-export and download-data-export (not in SPEC §7; docs/api.md "Personal information"; PIPL
// art. 45): a grant after a fresh SMS code, and the copy fetched once by the session that asked.
import { downloadDataExport, requestDataExport } from '@tyd/protocol';
import type { FastifyInstance } from 'fastify';

export default async function dataExportRoutes(fastify: FastifyInstance): Promise<void> {
  const { exports } = fastify.privacy;
  fastify.apiRoute({
    endpoint: requestDataExport,
    auth: 'required',
    handler: async ({ session, payload, now }) => exports.request(session.user, session.session.id, payload.smsCode, now),
  });
  fastify.apiRoute({
    endpoint: downloadDataExport,
    auth: 'required',
    handler: async ({ session, payload, now }) => exports.download(session.user, session.session.id, payload.exportId, now),
  });
}
