// SPEC §7 content and notice paths behind the sealed pipeline (docs/api.md "Notices, messages and content"):
// tyd-notice-detail and new-information-info-v1 (announcements and discover articles, public),
// home-page-notice, notice-list, notice-detail (public; with a session notices carry `unread`, and opening one marks it read) and
// clear-unread-notice (the session's watermark); faq-list (not in SPEC §7: the published 常见问题 of
// 帮助与客服, public; docs/api.md "Help and customer service").
import { tydNoticeDetail, newInformationInfo, homePageNotice, noticeList, noticeDetail, clearUnreadNotice, faqList } from '@tyd/protocol';
import type { FastifyInstance } from 'fastify';

export default async function readingRoutes(fastify: FastifyInstance): Promise<void> {
  const reading = () => fastify.content.reading;
  fastify.apiRoute({
    endpoint: tydNoticeDetail,
    auth: 'optional',
    handler: async ({ payload, now }) => reading().detail(payload.id, ['announcement', 'article'], now),
  });
  fastify.apiRoute({
    endpoint: newInformationInfo,
    auth: 'optional',
    handler: async ({ payload, now }) => reading().list('article', payload, now),
  });
  fastify.apiRoute({
    endpoint: homePageNotice,
    auth: 'optional',
    handler: async ({ session, now }) => ({ notice: await reading().latestImportantNotice(now, session?.user.id) }),
  });
  fastify.apiRoute({
    endpoint: noticeList,
    auth: 'optional',
    handler: async ({ payload, session, now }) => reading().list(payload.kind ?? 'notice', payload, now, session?.user.id),
  });
  fastify.apiRoute({
    endpoint: noticeDetail,
    auth: 'optional',
    // With a session, a notice opened is read (docs/api.md "Notices, messages and content").
    handler: async ({ payload, session, now }) => reading().detail(payload.id, ['notice', 'announcement'], now, session?.user.id),
  });
  fastify.apiRoute({
    endpoint: faqList,
    auth: 'optional',
    handler: async ({ now }) => reading().faq(now),
  });
  fastify.apiRoute({
    endpoint: clearUnreadNotice,
    auth: 'required',
    handler: async ({ session, now }) => ({ unreadNotices: await reading().clearUnreadNotices(session.user.id, now) }),
  });
}
