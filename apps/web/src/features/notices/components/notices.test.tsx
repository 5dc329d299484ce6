// The home banner (dismissed per notice, remembered), the notice list's load-more footer and empty state,
// and the messages' read marking, as a user sees them.
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRouter, type Router } from '../../../lib/router';
import { RouterContext } from '../../../lib/router-react';
import { clearQueries } from '../../../lib/server-state';
import { HomeNoticeBanner, DISMISSED_NOTICE_KEY, MAX_DISMISSED } from './home-notice-banner';
import { MessageListView } from './message-list-view';
import { NoticeListView } from './notice-list-view';
import MessagesPage from '../pages/messages-page';
import NoticeDetailPage from '../pages/notice-detail-page';
import CompanyNoticePage from '../pages/company-notice-page';
import { useMessageUnread } from '../api/message-unread';
import { ApiCodeError, TransportError } from '../../../lib/api-errors';

const api = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../../../lib/api-client', async () => (await import('../../../test/api-answers')).checkedClient(api));

const notice = (n: number, extra: Record<string, unknown> = {}) => ({
  id: `n_notice000${n}`,
  kind: 'notice',
  title: `通知${n}`,
  summary: `摘要${n}`,
  important: false,
  publishedAt: 1_764_000_000_000 - n,
  ...extra,
});

let router: Router;
beforeEach(async () => {
  window.history.replaceState(null, '', '/');
  router = createRouter();
  await router.start();
  localStorage.clear();
  api.call.mockReset();
});
afterEach(() => {
  cleanup();
  router.destroy();
  clearQueries();
});
const show = (node: React.ReactNode) => render(<RouterContext value={router}>{node}</RouterContext>);

describe('HomeNoticeBanner', () => {
  it('shows the important notice until closed, and stays closed for that notice', async () => {
    api.call.mockResolvedValue({ notice: notice(1, { important: true, title: '系统升级公告' }) });
    show(<HomeNoticeBanner />);
    const link = await screen.findByRole('link', { name: '系统升级公告' });
    expect(link.getAttribute('href')).toBe('/messages/notice?id=n_notice0001');
    await userEvent.click(screen.getByRole('button', { name: '关闭通知' }));
    expect(screen.queryByRole('link', { name: '系统升级公告' })).toBeNull();
    expect(localStorage.getItem(DISMISSED_NOTICE_KEY)).toBe('n_notice0001');
    cleanup();
    show(<HomeNoticeBanner />);
    await waitFor(() => expect(api.call).toHaveBeenCalled());
    expect(screen.queryByRole('complementary', { name: '重要通知' })).toBeNull();
  });

  it('keeps an older closed notice closed when it is the latest again after a newer one was taken down', async () => {
    const older = notice(1, { important: true, title: '旧的重要通知' });
    const newer = notice(2, { important: true, title: '新的重要通知' });
    api.call.mockResolvedValue({ notice: older });
    show(<HomeNoticeBanner />);
    await userEvent.click(await screen.findByRole('button', { name: '关闭通知' }));
    cleanup();
    clearQueries();
    api.call.mockResolvedValue({ notice: newer });
    show(<HomeNoticeBanner />);
    await userEvent.click(await screen.findByRole('button', { name: '关闭通知' }));
    expect(localStorage.getItem(DISMISSED_NOTICE_KEY)).toBe('n_notice0002 n_notice0001');
    cleanup();
    clearQueries();
    // The newer one is unpublished: home's notice is the older one again.
    api.call.mockResolvedValue({ notice: older });
    show(<HomeNoticeBanner />);
    await waitFor(() => expect(api.call).toHaveBeenCalledTimes(3));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('complementary', { name: '重要通知' })).toBeNull();
  });

  it(`remembers only the last ${MAX_DISMISSED} closed notices`, async () => {
    const closed = Array.from({ length: MAX_DISMISSED }, (_, i) => `n_closed${String(i).padStart(4, '0')}`);
    localStorage.setItem(DISMISSED_NOTICE_KEY, closed.join(' '));
    api.call.mockResolvedValue({ notice: notice(1, { important: true }) });
    show(<HomeNoticeBanner />);
    await userEvent.click(await screen.findByRole('button', { name: '关闭通知' }));
    expect(localStorage.getItem(DISMISSED_NOTICE_KEY)).toBe(['n_notice0001', ...closed.slice(0, -1)].join(' '));
  });

  it('opens the notice from anywhere on the banner but its close button, icon included', async () => {
    api.call.mockResolvedValue({ notice: notice(1, { important: true, title: '系统维护通知：11月30日凌晨2:00-4:00暂停服务' }) });
    show(<HomeNoticeBanner />);
    const link = await screen.findByRole('link', { name: '系统维护通知：11月30日凌晨2:00-4:00暂停服务' });
    await userEvent.click(link.querySelector('svg')!);
    await waitFor(() => expect(window.location.pathname + window.location.search).toBe('/messages/notice?id=n_notice0001'));
  });

  it('shows nothing without an important notice', async () => {
    api.call.mockResolvedValue({ notice: null });
    show(<HomeNoticeBanner />);
    await waitFor(() => expect(api.call).toHaveBeenCalledWith('/v1/notice/home-page-notice', {}, expect.anything()));
    expect(screen.queryByRole('complementary')).toBeNull();
  });
});

describe('NoticeListView', () => {
  it('loads the next page on 点我加载更多··· and then says 已全部加载', async () => {
    api.call
      .mockResolvedValueOnce({ items: [notice(1, { unread: true }), notice(2, { unread: false })], nextCursor: 'cursor-1' })
      .mockResolvedValueOnce({ items: [notice(3)], nextCursor: null });
    show(<NoticeListView kind="notice" detailPath="/messages/notice" />);
    expect(await screen.findByText('通知1')).toBeTruthy();
    expect(screen.getAllByLabelText('未读')).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: '点我加载更多···' }));
    expect(await screen.findByText('通知3')).toBeTruthy();
    expect(api.call).toHaveBeenLastCalledWith('/v1/notice/notice-list', { kind: 'notice', cursor: 'cursor-1' }, expect.anything());
    expect(screen.getByText('已全部加载')).toBeTruthy();
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
  });

  it('shows 暂无记录 for an empty list', async () => {
    api.call.mockResolvedValue({ items: [], nextCursor: null });
    show(<NoticeListView kind="announcement" detailPath="/discover/notice" />);
    expect(await screen.findByText('暂无记录')).toBeTruthy();
  });
});

describe('MessageListView', () => {
  it('opens a message, marks it read once, and offers its link', async () => {
    const message = {
      id: 'm_message0001',
      kind: 'security',
      title: '新设备登录提醒',
      body: '您的账户在新设备上登录。',
      link: '/mine/phone',
      createdAt: 1_764_000_000_000,
      readAt: null,
    };
    api.call.mockImplementation(async (path: string) =>
      path === '/v1/user/message-list' ? { items: [message], nextCursor: null } : { messages: 0, notices: 0, total: 0 },
    );
    show(<MessageListView />);
    const head = await screen.findByRole('button', { name: /新设备登录提醒/ });
    expect(screen.getByLabelText('未读')).toBeTruthy();
    await userEvent.click(head);
    expect(screen.getByText('您的账户在新设备上登录。')).toBeTruthy();
    expect(screen.getByRole('link', { name: '查看详情' }).getAttribute('href')).toBe('/mine/phone');
    expect(api.call).toHaveBeenCalledWith('/v1/user/message-read', { id: 'm_message0001' });
    expect(screen.queryByLabelText('未读')).toBeNull();
    await userEvent.click(head);
    await userEvent.click(head);
    expect(api.call.mock.calls.filter(([path]) => path === '/v1/user/message-read')).toHaveLength(1);
  });
});

describe('MessagesPage', () => {
  const message = {
    id: 'm_message0001',
    kind: 'security',
    title: '新设备登录提醒',
    body: '您的账户在新设备上登录。',
    link: null,
    createdAt: 1_764_000_000_000,
    readAt: null,
  };
  const answers = (unread: { messages: number; notices: number }, lists: { notices?: unknown; messages?: unknown } = {}) =>
    api.call.mockImplementation(async (path: string) => {
      if (path === '/v1/user/message-unread') return { ...unread, total: unread.messages + unread.notices };
      if (path === '/v1/user/message-list') return lists.messages ?? { items: [message], nextCursor: null };
      if (path === '/v1/notice/notice-list') return lists.notices ?? { items: [], nextCursor: null };
      throw new Error(`unexpected ${path}`);
    });

  it('opens on 我的消息 when only messages are unread', async () => {
    answers({ messages: 6, notices: 0 });
    show(<MessagesPage />);
    expect(await screen.findByRole('list', { name: '消息列表' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /我的消息/ }).getAttribute('aria-current')).toBe('page');
    expect(api.call.mock.calls.some(([path]) => path === '/v1/notice/notice-list')).toBe(false);
  });

  it('opens on 通知 when notices are unread, and on the tab the address names', async () => {
    answers({ messages: 6, notices: 1 }, { notices: { items: [notice(1, { unread: true })], nextCursor: null } });
    show(<MessagesPage />);
    expect(await screen.findByRole('list', { name: '通知列表' })).toBeTruthy();
    cleanup();
    clearQueries();
    await router.navigate('/messages?tab=notices');
    answers({ messages: 6, notices: 0 });
    show(<MessagesPage />);
    expect(await screen.findByText('暂无记录')).toBeTruthy();
  });

  it('with nothing unread and no notices, opens on 我的消息, which has something to read', async () => {
    answers({ messages: 0, notices: 0 }, { messages: { items: [{ ...message, readAt: 1_764_000_000_500 }], nextCursor: null } });
    show(<MessagesPage />);
    expect(await screen.findByRole('list', { name: '消息列表' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /我的消息/ }).getAttribute('aria-current')).toBe('page');
    expect(screen.queryByText('暂无记录')).toBeNull();
  });

  it('with nothing unread and notices to read, opens on 通知; ?tab=notices keeps 通知 even when it is empty', async () => {
    answers({ messages: 0, notices: 0 }, { notices: { items: [notice(1, { unread: false })], nextCursor: null } });
    show(<MessagesPage />);
    expect(await screen.findByRole('list', { name: '通知列表' })).toBeTruthy();
    expect(
      within(screen.getByRole('navigation', { name: '消息分类' }))
        .getByRole('link', { name: /^通知/ })
        .getAttribute('aria-current'),
    ).toBe('page');
    cleanup();
    clearQueries();
    await router.navigate('/messages?tab=notices');
    answers({ messages: 0, notices: 0 });
    show(<MessagesPage />);
    expect(await screen.findByText('暂无记录')).toBeTruthy();
    expect(
      within(screen.getByRole('navigation', { name: '消息分类' }))
        .getByRole('link', { name: /^通知/ })
        .getAttribute('aria-current'),
    ).toBe('page');
  });

  it('shows a failed list once, inline with 重新加载, and offers no 全部已读 beside it', async () => {
    api.call.mockImplementation(async (path: string) => {
      if (path === '/v1/user/message-unread') return { messages: 0, notices: 3, total: 3 };
      throw new TransportError('http', '服务器繁忙，请稍后重试', 500);
    });
    show(<MessagesPage />);
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByText('服务器繁忙，请稍后重试')).toBeTruthy();
    expect(screen.getByRole('button', { name: '重新加载' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '全部已读' })).toBeNull();
    // The list's call asks the client to toast nothing: the page shows the failure itself.
    expect(api.call).toHaveBeenCalledWith('/v1/notice/notice-list', { kind: 'notice' }, expect.objectContaining({ inlineErrors: true }));
  });
});

describe('a notice to read', () => {
  const detail = {
    id: 'n_notice0001',
    kind: 'notice',
    title: '系统升级公告',
    html: '<p>正文</p>',
    publishedAt: 1_764_000_000_000,
    updatedAt: 1_764_000_000_000,
  };
  const missing = () => new ApiCodeError({ code: '404', subcode: '4702', msg: '内容不存在或已下线' });

  it('says a notice that does not exist is gone and leads to the notice list, with no 重新加载', async () => {
    await router.navigate('/messages/notice?id=does-not-exist');
    api.call.mockRejectedValue(missing());
    show(<NoticeDetailPage />);
    expect(await screen.findByText('该通知不存在或已下线')).toBeTruthy();
    expect(screen.getByRole('link', { name: '返回通知列表' }).getAttribute('href')).toBe('/messages?tab=notices');
    expect(screen.queryByRole('button', { name: '重新加载' })).toBeNull();
    expect(screen.queryByText('请求参数错误')).toBeNull();
  });

  it('does not ask for an id no notice can have, and says so the same way', async () => {
    await router.navigate('/messages/notice?id=%3Cbad%20id%3E');
    show(<NoticeDetailPage />);
    expect(await screen.findByText('该通知不存在或已下线')).toBeTruthy();
    expect(api.call).not.toHaveBeenCalled();
  });

  it('says an announcement that does not exist is gone and leads to 公司公告', async () => {
    await router.navigate('/discover/notice?id=a_gone000001');
    api.call.mockRejectedValue(missing());
    show(<CompanyNoticePage />);
    expect(await screen.findByText('该公告不存在或已下线')).toBeTruthy();
    expect(screen.getByRole('link', { name: '返回公告列表' }).getAttribute('href')).toBe('/discover/notice');
    expect(screen.queryByRole('button', { name: '重新加载' })).toBeNull();
  });

  it('still offers 重新加载 when the notice could not be fetched, said in place only', async () => {
    await router.navigate('/messages/notice?id=n_notice0001');
    api.call.mockRejectedValue(new TransportError('http', '服务器繁忙，请稍后重试', 500));
    show(<NoticeDetailPage />);
    expect(await screen.findByRole('button', { name: '重新加载' })).toBeTruthy();
    expect(api.call).toHaveBeenCalledWith('/v1/notice/notice-detail', { id: 'n_notice0001' }, expect.objectContaining({ inlineErrors: true }));
  });

  it('counts a notice read wherever it was opened: the unread counts are asked again once it arrives', async () => {
    let unread = 1;
    api.call.mockImplementation(async (path: string) => {
      if (path === '/v1/user/message-unread') return { messages: 0, notices: unread, total: unread };
      if (path === '/v1/notice/notice-detail') {
        unread = 0;
        return detail;
      }
      throw new Error(`unexpected ${path}`);
    });
    function Badge() {
      const counts = useMessageUnread(true);
      return <p>未读通知{counts.data?.notices ?? '…'}</p>;
    }
    show(<Badge />);
    expect(await screen.findByText('未读通知1')).toBeTruthy();
    cleanup();
    // Opened from home's banner: the badge that shows next reads the count after the read.
    await router.navigate('/messages/notice?id=n_notice0001');
    show(
      <>
        <NoticeDetailPage />
        <Badge />
      </>,
    );
    expect(await screen.findByRole('heading', { name: '系统升级公告' })).toBeTruthy();
    expect(await screen.findByText('未读通知0')).toBeTruthy();
  });
});
