// POST /tydApi/v1/user/getAppDownloadUrl (SPEC §7): the native apps' download links from config
// (APP_DOWNLOAD_ANDROID_URL, APP_DOWNLOAD_IOS_URL), null where a platform has none. No session needed:
// the /download page is for people who do not have the app yet.
import { endpoints } from '@tyd/protocol';
import type { FastifyInstance } from 'fastify';
import type { SiteConfig } from '../../config/index.js';

export default async function appDownloadUrlRoute(fastify: FastifyInstance, links: SiteConfig['appDownload']): Promise<void> {
  fastify.apiRoute({
    endpoint: endpoints['/v1/user/getAppDownloadUrl'],
    auth: 'optional',
    handler: async () => ({ androidUrl: links.androidUrl, iosUrl: links.iosUrl }),
  });
}
