// The console's frame: one sign-in, a menu of the pages the role may open, a page of another role refused
// without asking the server, an unknown address said so, and 退出 ending the session.
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OpsRole } from '@tyd/protocol/wire';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearQueries } from '../lib/server-state';
import { createRouter, type Router } from '../lib/router';
import { OPS_TEST_OPERATOR, opsSessionAnswers } from '../test/ops-session-answers';
import { ConsoleApp, loadConsolePage } from './console-app';
import { matchConsoleRoute } from './console-routes';

let router: Router;
const asked: string[] = [];

async function open(
  path: string,
  role: OpsRole,
  answered: Record<string, unknown> = { '/ops/api/operators': { operators: [OPS_TEST_OPERATOR] }, '/ops/api/audit': { entries: [] } },
) {
  const session = opsSessionAnswers({ signedIn: true, role });
  asked.length = 0;
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    asked.push(`${init.method ?? 'GET'} ${url}`);
    const data = answered[url] ?? {};
    return session.answer(url, init) ?? new Response(JSON.stringify({ code: '200', msg: '成功', data }), { status: 200 });
  });
  window.history.replaceState(null, '', path);
  router = createRouter();
  router.beforeEach((to) => loadConsolePage(matchConsoleRoute(to.path)));
  await router.start();
  render(<ConsoleApp router={router} />);
  await screen.findByRole('navigation', { name: '运营后台' });
}

afterEach(() => {
  cleanup();
  router.destroy();
  clearQueries();
  vi.unstubAllGlobals();
});

const menu = () =>
  within(screen.getByRole('navigation', { name: '运营后台' }))
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);

describe('the operators’ console', () => {
  it('shows an administrator every page, and who is signed in', async () => {
    await open('/ops/operators', 'administrator');
    expect(menu()).toEqual([
      ['运营数据', '/ops'],
      ['内容管理', '/ops/content'],
      ['奖励管理', '/ops/rewards'],
      ['用户提问', '/ops/help'],
      ['账号与审计', '/ops/operators'],
    ]);
    expect(screen.getByRole('link', { name: '账号与审计' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByText(`${OPS_TEST_OPERATOR.name}（管理员）`)).toBeTruthy();
  });

  it('leaves the administrators’ page out of another role’s menu, and refuses it without asking the server', async () => {
    await open('/ops/operators', 'viewer');
    expect(menu().map(([text]) => text)).toEqual(['运营数据', '内容管理', '奖励管理', '用户提问']);
    expect(screen.getByRole('alert').textContent).toBe('仅管理员可以使用此页面。');
    expect(asked.filter((call) => call.includes('/ops/api/operators') || call.includes('/ops/api/audit'))).toEqual([]);
  });

  it('a page that fails keeps the menu and says so', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    // The operators' list answered without its field: the page throws while drawing it.
    await open('/ops/operators', 'administrator', {});
    expect(await screen.findByRole('heading', { name: '页面出错' })).toBeTruthy();
    expect(menu()).toHaveLength(5);
  });

  it('says so at an address it has no page for', async () => {
    await open('/ops/no-such-page', 'viewer');
    expect(screen.getByRole('heading', { name: '页面不存在' })).toBeTruthy();
  });

  it('退出 ends the session on the server and shows the sign-in', async () => {
    await open('/ops/help', 'content_editor');
    await userEvent.click(screen.getByRole('button', { name: '退出' }));
    expect(await screen.findByRole('form', { name: '运营登录' })).toBeTruthy();
    expect(asked).toContain('POST /ops/api/session/sign-out');
    expect(screen.queryByRole('navigation', { name: '运营后台' })).toBeNull();
  });
});
