// The account capability's routes behind the sealed pipeline (docs/api.md): check-login and logout, SMS
// codes, login and registration, phone change, user detail, consent, deregistration, authorised login,
// invite codes, the app download links, and 账户与安全 (devices and sign-in records).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { RewardsConfig, SiteConfig } from '../config/index.js';
import accountSecurityRoutes from './routes/account-security.js';
import appDownloadUrlRoute from './routes/get-app-download-url.js';
import authorizedLoginRoutes from './routes/authorized-login.js';
import cancelRoute from './routes/cancel.js';
import checkLoginRoute from './routes/check-login.js';
import inviteCodeRoutes from './routes/invite-code.js';
import loginRoutes from './routes/login.js';
import logoutRoute from './routes/logout.js';
import consentRoutes from './routes/privacy-policy.js';
import savePhoneRoute from './routes/save-phone.js';
import smsSendRoute from './routes/sms-send-v1.js';
import userDetailRoutes from './routes/user-detail.js';
import verifyPhoneRoute from './routes/verify-phone.js';

export default fp(
  async (fastify: FastifyInstance, opts: { appDownload: SiteConfig['appDownload']; inviteRewardPoints: RewardsConfig['inviteRewardPoints'] }) => {
    await fastify.register(checkLoginRoute);
    await fastify.register(logoutRoute);
    await fastify.register(smsSendRoute);
    await fastify.register(loginRoutes);
    await fastify.register(verifyPhoneRoute);
    await fastify.register(savePhoneRoute);
    await fastify.register(userDetailRoutes);
    await fastify.register(consentRoutes);
    await fastify.register(cancelRoute);
    await fastify.register(authorizedLoginRoutes);
    await fastify.register(inviteCodeRoutes, { inviteRewardPoints: opts.inviteRewardPoints });
    await fastify.register(appDownloadUrlRoute, opts.appDownload);
    await fastify.register(accountSecurityRoutes);
  },
  { name: 'account-routes', fastify: '5.x', dependencies: ['api-pipeline', 'accounts', 'content'] },
);
