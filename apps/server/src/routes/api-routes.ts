// Every API route, registered behind the pipeline. Folder path = URL path (STYLE.md "Layout").
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.js';
import checkLoginRoute from './tydApi/v1/user/check-login.js';
import logoutRoute from './tydApi/v1/user/logout.js';
import authorizedLoginRoutes from './tydApi/v1/user/authorized-login.js';
import cancelRoute from './tydApi/v1/user/cancel.js';
import inviteCodeRoutes from './tydApi/v1/user/invite-code.js';
import loginRoutes from './tydApi/v1/user/login.js';
import consentRoutes from './tydApi/v1/user/privacy-policy.js';
import savePhoneRoute from './tydApi/v1/user/save-phone.js';
import smsSendRoute from './tydApi/v1/user/sms-send-v1.js';
import userDetailRoutes from './tydApi/v1/user/user-detail.js';
import verifyPhoneRoute from './tydApi/v1/user/verify-phone.js';
import appDownloadUrlRoute from './tydApi/v1/user/get-app-download-url.js';
import uploadFinishRoute from './tydApi/v1/upload/finish.js';
import uploadPartRoute from './tydApi/v1/upload/part.js';
import uploadStartRoute from './tydApi/v1/upload/start.js';

export default fp(
  async (fastify: FastifyInstance, opts: { appDownload: Config['appDownload'] }) => {
    await fastify.register(checkLoginRoute);
    await fastify.register(logoutRoute);
    // SMS login and registration, consent, phone change, deregistration, authorised login.
    await fastify.register(smsSendRoute);
    await fastify.register(loginRoutes);
    await fastify.register(verifyPhoneRoute);
    await fastify.register(savePhoneRoute);
    await fastify.register(userDetailRoutes);
    await fastify.register(consentRoutes);
    await fastify.register(cancelRoute);
    await fastify.register(authorizedLoginRoutes);
    await fastify.register(inviteCodeRoutes);
    await fastify.register(appDownloadUrlRoute, opts.appDownload);
    // Photo uploads in sealed parts (docs/protocol.md §14).
    await fastify.register(uploadStartRoute);
    await fastify.register(uploadPartRoute);
    await fastify.register(uploadFinishRoute);
  },
  { name: 'api-routes', fastify: '5.x', dependencies: ['api-pipeline', 'accounts', 'uploads'] },
);
