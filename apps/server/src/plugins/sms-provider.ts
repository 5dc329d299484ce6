// The SMS provider (docs/api.md "SMS providers"): sandbox or http, chosen by SMS_PROVIDER. With the sandbox (never in
// production: config/sms.ts refuses it), GET /sandbox/sms?phone=... shows what was "sent" to a number as JSON,
// newest first, to loopback clients and holders of the admin token only (http/sandbox-access.ts); with any
// other provider that route does not exist.
import { isMainlandMobile } from '@tyd/protocol';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { NodeEnv, SmsConfig } from '../config/index.js';
import { sandboxAccess } from '../http/sandbox-access.js';
import { createHttpSmsProvider } from '../providers/sms/http-sms-provider.js';
import { createSandboxSmsProvider } from '../providers/sms/sandbox-sms-provider.js';
import type { SmsProvider } from '../providers/sms/sms-provider.js';

declare module 'fastify' {
  interface FastifyInstance {
    smsProvider: SmsProvider;
  }
}

export default fp(
  async (fastify: FastifyInstance, opts: { env: NodeEnv; sms: Pick<SmsConfig, 'provider' | 'http'> }) => {
    if (opts.sms.provider === 'http') {
      if (!opts.sms.http) throw new Error('SMS_PROVIDER=http needs SMS_HTTP_URL and SMS_HTTP_TEMPLATE_ID');
      fastify.decorate('smsProvider', fastify.instruments.smsProvider(createHttpSmsProvider(opts.sms.http)));
      return;
    }
    if (opts.env === 'production') throw new Error('the sandbox SMS provider is refused in production');
    const sandbox = createSandboxSmsProvider({ log: fastify.log, now: fastify.clock });
    fastify.decorate('smsProvider', fastify.instruments.smsProvider(sandbox));
    fastify.get<{ Querystring: { phone?: string } }>('/sandbox/sms', { onRequest: sandboxAccess() }, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const phone = request.query.phone;
      if (!isMainlandMobile(phone)) return reply.code(400).send({ error: 'phone: a mainland mobile number is required' });
      return { provider: 'sandbox', messages: sandbox.outbox(phone) };
    });
  },
  { name: 'sms-provider', fastify: '5.x', dependencies: ['clock', 'instruments'] },
);
