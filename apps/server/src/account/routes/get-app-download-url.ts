// The native apps' download links from config (APP_DOWNLOAD_ANDROID_URL, APP_DOWNLOAD_IOS_URL), two ways:
// - POST /tydApi/v1/user/getAppDownloadUrl (SPEC §7): both links, null where a platform has none. No
//   session needed: the /download page is for people who do not have the app yet.
// - GET /download/android and /download/ios: what the /download page's buttons point to (docs/api.md
//   "Other routes on the same port"). The page renders them at build time, so its largest paint needs
//   neither a script nor a call (docs/architecture.md "Delivery"); the server answers 302 to the
//   configured link, or a short page saying there is none yet (404) when it is unset.
import { getAppDownloadUrl } from '@tyd/protocol';
import type { FastifyInstance } from 'fastify';
import type { SiteConfig } from '../../config/index.js';

/** The platforms of the /download page's buttons (apps/web features/download). */
const PLATFORMS = { android: 'androidUrl', ios: 'iosUrl' } as const;

/** No link for the platform: said plainly, with the way back; no script, style or frame (a static document). */
const NO_LINK_PAGE = `<!doctype html>
<html lang="zh-CN">
<head><meta charset="UTF-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>暂无下载地址</title></head>
<body><main><h1>暂无可用的下载地址</h1><p>该平台的通盈达 APP 暂未提供下载地址，请稍后再试。</p><p><a href="/download">返回下载页</a></p></main></body>
</html>
`;
const NO_LINK_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

export default async function appDownloadUrlRoute(fastify: FastifyInstance, links: SiteConfig['appDownload']): Promise<void> {
  fastify.apiRoute({ endpoint: getAppDownloadUrl, auth: 'optional', handler: async () => ({ androidUrl: links.androidUrl, iosUrl: links.iosUrl }) });
  for (const [platform, field] of Object.entries(PLATFORMS)) {
    fastify.get(`/download/${platform}`, async (_request, reply) => {
      const url = links[field];
      // Never cached: the link changes with the configuration, and the page names only this address.
      reply.header('cache-control', 'no-store');
      if (url) return reply.redirect(url, 302);
      return reply.code(404).type('text/html; charset=utf-8').header('content-security-policy', NO_LINK_CSP).send(NO_LINK_PAGE);
    });
  }
}
