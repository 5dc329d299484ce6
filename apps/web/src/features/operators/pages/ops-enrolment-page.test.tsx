// /ops/enrol#<token> as the new operator sees it, through the console's own frame: opened without a session
// and without the menu, the token sent in a body (never an address), the rules before the password, the
// secret as a QR code of its otpauth:// URI and as text, a wrong code or a refused password said where it
// belongs with the link still usable, a link no longer valid said so, and then off to sign in. Answers are
// built through the calls' response schemas, so a changed contract breaks these tests too.
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { opsEnrolmentFinish, opsEnrolmentStart, parseOpsResponseData, type OpsEndpoint, type OpsResponseData } from '@tyd/protocol/schemas';
import { encode } from 'uqr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConsoleApp, loadConsolePage } from '../../../console/console-app';
import { matchConsoleRoute } from '../../../console/console-routes';
import { createRouter, type Router } from '../../../lib/router';
import { clearQueries } from '../../../lib/server-state';

const TOKEN = 'dGhlLW9wZXJhdG9yLW9ubHktc2Vlcy10aGlzLXRva2V';
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const URI = `otpauth://totp/TYD%20ops:wang-wu?issuer=TYD%20ops&secret=${SECRET}&algorithm=SHA1&digits=6&period=30`;

function ok<E extends OpsEndpoint>(endpoint: E, data: OpsResponseData<E>): Response {
  const parsed = parseOpsResponseData(endpoint, data);
  if (!parsed.ok) throw new Error(`${endpoint.method} ${endpoint.path} outside its schema: ${parsed.issues.join(', ')}`);
  return new Response(JSON.stringify({ code: '200', msg: '成功', data: parsed.data }), { status: 200 });
}
const refused = (status: number, code: string, subcode: string, reason: string) =>
  new Response(JSON.stringify({ code, subcode, msg: '', data: { reason } }), { status });

let router: Router;
const asked: { method: string; url: string; body: unknown }[] = [];

/** The console at `address`, answering the enrolment calls with `finish` (and the link as valid unless `start` says otherwise). */
async function open(address: string, answers: { start?: () => Response; finish?: (body: { password: string; code: string }) => Response } = {}) {
  asked.length = 0;
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const body = init.body ? (JSON.parse(String(init.body)) as { token: string; password: string; code: string }) : undefined;
    asked.push({ method: init.method ?? 'GET', url, body });
    if (url === '/ops/api/enrolment')
      return (
        answers.start?.() ??
        ok(opsEnrolmentStart, {
          operator: { name: 'wang-wu', role: 'rewards_manager' },
          totpSecret: SECRET,
          otpauthUri: URI,
          expiresAt: Date.UTC(2026, 11, 9, 2),
        })
      );
    if (url === '/ops/api/enrolment/finish' && body)
      return answers.finish?.(body) ?? ok(opsEnrolmentFinish, { operator: { name: 'wang-wu', role: 'rewards_manager' } });
    return new Response(JSON.stringify({ code: '401', msg: '登录已失效，请重新登录' }), { status: 401 });
  });
  window.history.replaceState(null, '', address);
  router = createRouter();
  router.beforeEach((to) => loadConsolePage(matchConsoleRoute(to.path)));
  await router.start();
  render(<ConsoleApp router={router} />);
}

afterEach(() => {
  cleanup();
  router.destroy();
  clearQueries();
  vi.unstubAllGlobals();
});

const form = () => screen.findByRole('form', { name: '设置运营账号' });
/** Types `text` into `field` as one paste (a password manager's fill), emptying it first. */
async function typeInto(field: HTMLElement, text: string) {
  await userEvent.clear(field);
  await userEvent.click(field);
  await userEvent.paste(text);
}
async function fill(password: string, again: string, code: string) {
  const f = await form();
  await typeInto(within(f).getByLabelText('新密码'), password);
  await typeInto(within(f).getByLabelText('再次输入新密码'), again);
  await typeInto(within(f).getByLabelText('动态验证码'), code);
  await userEvent.click(within(f).getByRole('button', { name: '完成设置' }));
}

describe('/ops/enrol', () => {
  it('opens without a session or the menu, sends the token in a body, and shows who, until when, the rules, the QR code and the secret', async () => {
    await open(`/ops/enrol#${TOKEN}`);
    const f = await form();
    expect(screen.queryByRole('navigation', { name: '运营后台' })).toBeNull();
    expect(screen.queryByRole('form', { name: '运营登录' })).toBeNull();
    expect(asked).toEqual([{ method: 'POST', url: '/ops/api/enrolment', body: { token: TOKEN } }]);
    const who = within(f).getByRole('region', { name: '账号' }).textContent;
    expect(who).toContain('wang-wu');
    expect(who).toContain('奖励管理员');
    expect(who).toContain('2026-12-09 10:00');
    // The rules before anyone types.
    expect(within(f).getByRole('list', { name: '密码要求' }).textContent).toContain('12 至 128 个字符');
    // The QR code is the otpauth:// URI's, at its own module count with the 4-module quiet zone.
    const qr = within(f).getByRole('img', { name: 'wang-wu 的动态验证码二维码' });
    expect(qr.getAttribute('viewBox')).toBe(`0 0 ${encode(URI, { ecc: 'M', border: 4 }).size} ${encode(URI, { ecc: 'M', border: 4 }).size}`);
    expect(qr.querySelector('path')?.getAttribute('d')).toMatch(/^M\d+ \d+h1v1h-1z/);
    expect(within(f).getByLabelText('动态验证码密钥').textContent).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    // Nothing of the link or the secret is kept by the page.
    expect(Object.keys(sessionStorage)).toEqual([]);
    expect(Object.keys(localStorage)).toEqual([]);
  });

  it('checks what it can before asking: two passwords that differ, a password too short', async () => {
    await open(`/ops/enrol#${TOKEN}`);
    await fill('a long pass phrase 1', 'a long pass phrase 2', '123456');
    expect(await screen.findByText('两次输入的密码不一致')).toBeTruthy();
    const f = await form();
    await typeInto(within(f).getByLabelText('新密码'), '短密码');
    await typeInto(within(f).getByLabelText('再次输入新密码'), '短密码');
    await userEvent.click(within(f).getByRole('button', { name: '完成设置' }));
    expect(await screen.findByText('密码至少 12 个字符')).toBeTruthy();
    expect(asked.map((call) => call.url)).toEqual(['/ops/api/enrolment']);
  });

  it('says a wrong code under the code and clears it; a refused password under the password; then completes and leads to sign-in', async () => {
    const finishes: { password: string; code: string }[] = [];
    await open(`/ops/enrol#${TOKEN}`, {
      finish: (body) => {
        finishes.push(body);
        if (body.code === '000000') return refused(400, '400', '4262', '动态验证码不正确，请核对验证器中的最新验证码');
        if (body.password.includes('wang-wu')) return refused(400, '400', '4009', '密码（password）：含有运营人员账号名');
        return ok(opsEnrolmentFinish, { operator: { name: 'wang-wu', role: 'rewards_manager' } });
      },
    });
    await fill('春眠不觉晓，处处闻啼鸟。', '春眠不觉晓，处处闻啼鸟。', '000000');
    const f = await form();
    expect(await within(f).findByText('动态验证码不正确，请核对验证器中的最新验证码')).toBeTruthy();
    expect((within(f).getByLabelText('动态验证码') as HTMLInputElement).value).toBe('');
    // The same secret still on the page: the link is still usable.
    expect(within(f).getByLabelText('动态验证码密钥').textContent).toContain('JBSW');

    await typeInto(within(f).getByLabelText('新密码'), 'wang-wu 的长密码');
    await typeInto(within(f).getByLabelText('再次输入新密码'), 'wang-wu 的长密码');
    await typeInto(within(f).getByLabelText('动态验证码'), '123456');
    await userEvent.click(within(f).getByRole('button', { name: '完成设置' }));
    expect(await within(f).findByText('密码含有运营人员账号名')).toBeTruthy();

    await typeInto(within(f).getByLabelText('新密码'), '春眠不觉晓，处处闻啼鸟。');
    await typeInto(within(f).getByLabelText('再次输入新密码'), '春眠不觉晓，处处闻啼鸟。');
    await typeInto(within(f).getByLabelText('动态验证码'), '654321');
    await userEvent.click(within(f).getByRole('button', { name: '完成设置' }));
    const done = await screen.findByRole('heading', { name: '设置完成' });
    expect(done).toBeTruthy();
    expect(screen.getByText(/请等验证器显示下一个/)).toBeTruthy();
    expect(finishes.map((body) => body.code)).toEqual(['000000', '123456', '654321']);
    expect(asked.filter((call) => call.url === '/ops/api/enrolment/finish').every((call) => (call.body as { token: string }).token === TOKEN)).toBe(true);

    await userEvent.click(screen.getByRole('link', { name: '去登录' }));
    expect(await screen.findByRole('form', { name: '运营登录' })).toBeTruthy();
  });

  it('says a link no longer valid, whether the server says so or there is no token, and asks nothing without one', async () => {
    await open(`/ops/enrol#${TOKEN}`, { start: () => refused(404, '404', '4261', '链接无效或已过期，请联系管理员重新生成') });
    expect(await screen.findByRole('heading', { name: '链接无效或已过期' })).toBeTruthy();
    expect(screen.queryByRole('form', { name: '设置运营账号' })).toBeNull();
    cleanup();
    router.destroy();

    await open('/ops/enrol');
    expect(await screen.findByRole('heading', { name: '链接无效或已过期' })).toBeTruthy();
    expect(asked).toEqual([]);
  });

  it('turns to the invalid state when the link was used meanwhile (another tab completed it)', async () => {
    await open(`/ops/enrol#${TOKEN}`, { finish: () => refused(404, '404', '4261', '链接无效或已过期，请联系管理员重新生成') });
    await fill('春眠不觉晓，处处闻啼鸟。', '春眠不觉晓，处处闻啼鸟。', '123456');
    expect(await screen.findByRole('heading', { name: '链接无效或已过期' })).toBeTruthy();
  });
});
