import { describe, expect, it } from 'vitest';
import { parseRequest, parseResponseData } from '../define-endpoint.js';
import { messageRead } from '../message/message-read.js';
import { messageUnread } from '../message/message-unread.js';
import { noticeList } from '../notice/notice-list.js';
import { homePageNotice } from '../notice/home-page-notice.js';
import { tydNoticeDetail } from './tyd-notice-detail.js';

const summary = { id: 'n_0123456789abcdef', kind: 'notice', title: '系统维护通知', summary: '今晚维护', important: true, publishedAt: 1_763_700_000_000 };

describe('content endpoints', () => {
  it('lists take an optional kind, cursor and limit, nothing else', () => {
    // A cursor is any string to the schema: the server answers every one it did not hand out 400/4701,
    // whatever its shape (docs/protocol.md "List cursors").
    for (const payload of [{}, { kind: 'announcement' }, { cursor: 'abc_DEF-1', limit: 50 }, { cursor: 'a b' }, { cursor: 'x'.repeat(500) }, { cursor: '' }]) {
      expect(parseRequest(noticeList, payload).ok, JSON.stringify(payload)).toBe(true);
    }
    for (const payload of [{ kind: 'article' }, { limit: 0 }, { limit: 51 }, { limit: 1.5 }, { cursor: 7 }, { cursor: null }, { page: 2 }]) {
      expect(parseRequest(noticeList, payload).ok, JSON.stringify(payload)).toBe(false);
    }
  });

  it('details take one id of the id alphabet', () => {
    expect(parseRequest(tydNoticeDetail, { id: 'a_0123456789' }).ok).toBe(true);
    for (const id of ['short', '../../etc', 'x'.repeat(41), 12345678]) expect(parseRequest(tydNoticeDetail, { id }).ok, String(id)).toBe(false);
  });

  it('message-read takes an id or all: true', () => {
    expect(parseRequest(messageRead, { id: 'm_0123456789' }).ok).toBe(true);
    expect(parseRequest(messageRead, { all: true }).ok).toBe(true);
    expect(parseRequest(messageRead, { all: false }).ok).toBe(false);
  });

  it('answers have their exact shape', () => {
    expect(parseResponseData(homePageNotice, { notice: summary }).ok).toBe(true);
    expect(parseResponseData(homePageNotice, { notice: null }).ok).toBe(true);
    expect(parseResponseData(homePageNotice, { notice: { ...summary, kind: 'poster' } }).ok).toBe(false);
    expect(parseResponseData(messageUnread, { messages: 1, notices: 2, total: 3 }).ok).toBe(true);
    expect(parseResponseData(messageUnread, { messages: -1, notices: 2, total: 1 }).ok).toBe(false);
  });
});
