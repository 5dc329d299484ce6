// POST /tydApi/v1/user/getAppDownloadUrl (SPEC §7): the native apps' download links from config
// (APP_DOWNLOAD_ANDROID_URL, APP_DOWNLOAD_IOS_URL), null where a platform has none. No session needed:
// the /download page is for people who do not have the app yet, and the links are that page's largest
// paint, so they also go into the page the server sends (plugins/first-answers.ts).
import { getAppDownloadUrl } from '@tyd/protocol';
import type { FastifyInstance } from 'fastify';
import type { SiteConfig } from '../../config/index.js';

/** The download page (SPEC §2 /download; apps/web route table). */
export const APP_DOWNLOAD_PAGE = '/download';

export default async function appDownloadUrlRoute(fastify: FastifyInstance, links: SiteConfig['appDownload']): Promise<void> {
  const answer = async () => ({ androidUrl: links.androidUrl, iosUrl: links.iosUrl });
  const endpoint = getAppDownloadUrl;
  fastify.apiRoute({ endpoint, auth: 'optional', handler: answer });
  fastify.firstAnswers.provide(APP_DOWNLOAD_PAGE, endpoint, answer);
}
