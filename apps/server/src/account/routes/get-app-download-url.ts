// The native apps' download links from config (APP_DOWNLOAD_ANDROID_URL, APP_DOWNLOAD_IOS_URL), two ways:
// - POST /tydApi/v1/user/getAppDownloadUrl (SPEC §7): both links, null where a platform has none. No
//   session needed: the /download page is for people who do not have the app yet.
// - GET /download/android and /download/ios: what the /download page's buttons point to (docs/api.md
//   "Other routes on the same port"). The page renders them at build time, so its largest paint needs
//   neither a script nor a call (docs/architecture.md "Delivery"); the server answers 302 to the
//   configured link, or a short page saying there is none yet (404, styled like the app) when it is unset;
//   the page shows a button only for a platform with a link once it runs (browser config `appDownload`).
import { getAppDownloadUrl } from '@tyd/protocol';
import type { FastifyInstance } from 'fastify';
import type { SiteConfig } from '../../config/index.js';
import { PLAIN_PAGE_CSP, plainPage } from '../../http/plain-page.js';

/** The platforms of the /download page's buttons (apps/web features/download). */
const PLATFORMS = { android: 'androidUrl', ios: 'iosUrl' } as const;

/** No link for the platform: said plainly, styled like the app, with the way back (a static document). */
const NO_LINK_PAGE = plainPage({
  title: '暂无下载地址',
  heading: '暂无可用的下载地址',
  text: '该平台的通盈达 APP 暂未开放下载，请稍后再试。',
  link: { href: '/download', label: '返回下载页' },
});

export default async function appDownloadUrlRoute(fastify: FastifyInstance, links: SiteConfig['appDownload']): Promise<void> {
  fastify.apiRoute({ endpoint: getAppDownloadUrl, auth: 'optional', handler: async () => ({ androidUrl: links.androidUrl, iosUrl: links.iosUrl }) });
  for (const [platform, field] of Object.entries(PLATFORMS)) {
    fastify.get(`/download/${platform}`, async (_request, reply) => {
      const url = links[field];
      // Never cached: the link changes with the configuration, and the page names only this address.
      reply.header('cache-control', 'no-store');
      if (url) return reply.redirect(url, 302);
      return reply.code(404).type('text/html; charset=utf-8').header('content-security-policy', PLAIN_PAGE_CSP).send(NO_LINK_PAGE);
    });
  }
}
