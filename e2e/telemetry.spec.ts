// Telemetry end to end (docs/telemetry.md): the web app's analytics and page performance reach the real
// collector, in a mobile browser and inside the simulated native shell. Each journey browses several
// pages, is killed abruptly (the renderer crashes: no pagehide, records still queued), restarts, and
// every expected record is then in the server's database exactly once. Then deep links, and /ops with
// the data of this run (screenshot e2e/screenshots/ops*.png).
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { COLLECT_PATH } from '@tyd/protocol';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUEUE_KEY } from '../apps/web/src/features/telemetry/analytics/send-queue';
import { launchBrowser, newMobileContext, saveScreenshot, waitForApp } from './support/browser';
import { APP_USER_AGENTS, nativeShellScript, readNativeCalls } from './support/native-shell';
import { adminCommand } from './support/admin-command';
import { addOperator, currentCode, opsApiClient } from './support/operators';
import { startServer, type RunningServer } from './support/server';

// The sandbox SMS provider's fixed test code for one number (SMS_SANDBOX_FIXED_CODES, docs/operations.md), so /ops has codes sent and verified.
const PHONE = '13800138000';
const SMS_CODE = '246810';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ env: { SMS_SANDBOX_FIXED_CODES: `${PHONE}=${SMS_CODE}` } }), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

interface StoredRecord {
  id: string;
  kind: string;
  purl: string;
  ei: string;
  ed: Record<string, unknown>;
  client_time: number;
  /** The route the server filed it under (perf and vital records). */
  route: string | null;
}

/** Reads the server's SQLite database (WAL: a reader beside the running server), read-only. */
function storedRecords(): StoredRecord[] {
  const db = new Database(join(server.dataDir, 'tyd.sqlite'), { readonly: true, fileMustExist: true });
  try {
    const rows = db.prepare('SELECT id, kind, purl, ei, ed, client_time, route FROM telemetry_records ORDER BY client_time, id').all() as (Omit<
      StoredRecord,
      'ed'
    > & {
      ed: string;
    })[];
    return rows.map((row) => ({ ...row, ed: JSON.parse(row.ed) as Record<string, unknown> }));
  } finally {
    db.close();
  }
}

async function waitForPerfReported(page: Page, path: string): Promise<{ _perf: number; _st: number }> {
  const key = `perf:${path}`;
  await page.waitForFunction((k) => JSON.parse(localStorage.getItem(k) ?? '{}')._du === true, key);
  return page.evaluate((k) => JSON.parse(localStorage.getItem(k)!) as { _perf: number; _st: number }, key);
}

async function showHub(page: Page) {
  await page.locator('main h1', { hasText: '通盈达' }).waitFor();
  // The heading is prerendered: until the app runs, the stored record is the previous load's.
  await waitForApp(page);
  return waitForPerfReported(page, '/');
}

/** Kills the page's renderer: no pagehide, no unload, nothing flushed — as when the system kills an app. */
async function crash(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  const crashed = page.waitForEvent('crash');
  // The command never answers: the renderer it would answer from is gone.
  void cdp.send('Page.crash').catch(() => undefined);
  await crashed;
  await page.close().catch(() => undefined);
}

interface JourneyResult {
  /** Records of this journey, told apart from the other journey's by the app ids inside the shell. */
  records: StoredRecord[];
  perfStored: Record<string, number>[];
}

/** `/` → 公司公告 → back → NFC → back → 新人礼, killed there; then a restart at `/`, closed normally. */
/** The context's requests to the collector that have not been answered yet (fetches; a closing page's beacon is not seen). */
function collectorRequests(context: BrowserContext): { inFlight(): number } {
  const pending = new Set<Request>();
  context.on('request', (request) => {
    if (new URL(request.url()).pathname === COLLECT_PATH) pending.add(request);
  });
  context.on('requestfinished', (request) => pending.delete(request));
  context.on('requestfailed', (request) => pending.delete(request));
  return { inFlight: () => pending.size };
}

/**
 * What the origin's storage still holds for analytics (send-queue.ts, page-visits.ts): the records queued
 * and the other keys of the namespace (visits not reported yet), read from the context with no page open.
 */
async function analyticsLeft(context: BrowserContext): Promise<{ queued: number; otherKeys: string[] }> {
  const items = (await context.storageState()).origins.find((origin) => origin.origin === server.baseUrl)?.localStorage ?? [];
  const queue = items.find((item) => item.name === QUEUE_KEY);
  return {
    queued: queue ? (JSON.parse(queue.value) as { records: unknown[] }).records.length : 0,
    otherKeys: items.filter((item) => item.name.startsWith('tyd.analytics.') && item.name !== QUEUE_KEY).map((item) => item.name),
  };
}

async function journey(context: BrowserContext, mine: (record: StoredRecord) => boolean, expectedTotal: number): Promise<JourneyResult> {
  const collector = collectorRequests(context);
  const page = await context.newPage();
  await page.goto(`${server.baseUrl}/`);
  const perfStored = [await showHub(page)];
  for (const [link, path, heading] of [
    [/公司公告/, '/discover/notice', '公司公告'],
    [/NFC读卡位置说明/, '/nfc', 'NFC'],
  ] as const) {
    await page.getByRole('link', { name: link }).click();
    await page.locator('main h1', { hasText: heading }).first().waitFor();
    perfStored.push(await waitForPerfReported(page, path));
    await page.goBack();
    perfStored.push(await showHub(page));
  }
  // 新人礼, on home in the browser and in the app alike (APP下载 is the browser's only).
  await page.getByRole('link', { name: /新人礼/ }).click();
  // Its report waits for its call and 500 ms of quiet.
  perfStored.push(await waitForPerfReported(page, '/cloudSteward/index'));
  // Killed within the send queue's 1 s window: the 新人礼 report is still only in localStorage.
  await crash(page);

  const restarted = await context.newPage();
  await restarted.goto(`${server.baseUrl}/`);
  perfStored.push(await showHub(restarted));
  // The killed page's visit is reported once its heartbeat is stale (15 s), by the restarted page.
  await expect
    .poll(() => storedRecords().filter((r) => mine(r) && r.kind === 'pageleave' && r.ed.recovered === true).length, { timeout: 40_000, interval: 1_000 })
    .toBe(1);
  await restarted.close();
  await expect
    .poll(
      () =>
        storedRecords()
          .filter(mine)
          .filter((r) => r.kind !== 'vital').length,
      { timeout: 20_000, interval: 500 },
    )
    .toBe(expectedTotal);
  // Nothing more can arrive later (no duplicate from a retry or a second recovery): no page of the journey
  // is left to send or to recover a visit, every collector request it made has been answered, and the
  // origin's storage holds no record still queued and no visit still to report. (The beacon of the last
  // close, which Playwright does not see, carried that page's leave: the count above waited for it.)
  expect(context.pages()).toHaveLength(0);
  await expect.poll(() => collector.inFlight()).toBe(0);
  expect(await analyticsLeft(context)).toEqual({ queued: 0, otherKeys: [] });
  return { records: storedRecords().filter(mine), perfStored: perfStored.map((p) => ({ _perf: p._perf, _st: p._st })) };
}

const VISITS = ['/', '/discover/notice', '/', '/nfc', '/', '/cloudSteward/index', '/'];

function checkJourney({ records, perfStored }: JourneyResult) {
  const of = (kind: string) => records.filter((r) => r.kind === kind);
  // Every id once (the primary key), and no record sent twice under two ids either.
  expect(new Set(records.map((r) => r.id)).size).toBe(records.length);
  const fingerprints = records.map((r) => JSON.stringify([r.kind, r.purl, r.client_time, r.ed]));
  expect(new Set(fingerprints).size).toBe(records.length);

  expect(of('pageview').map((r) => r.purl)).toEqual(VISITS);
  expect(of('pageview').every((r) => r.ei === '$pageview')).toBe(true);
  // One leave per view; the killed page's leave came from its last heartbeat, flagged recovered.
  const leaves = of('pageleave');
  expect(leaves.map((r) => r.purl).sort()).toEqual([...VISITS].sort());
  expect(leaves.filter((r) => r.ed.recovered === true).map((r) => r.purl)).toEqual(['/cloudSteward/index']);
  for (const leave of leaves) expect(leave.ed.duration).toEqual(expect.any(Number));

  // One performance record per page shown, equal to what the page stored with its done-flag.
  const perf = of('perf');
  expect(perf.map((r) => r.ed._pn)).toEqual(VISITS);
  expect(perf.map((r) => ({ _perf: r.ed._perf, _st: r.ed._st }))).toEqual(perfStored);
  for (const report of perf) expect(report.ed).not.toHaveProperty('timedOut');
  // FCP and TTFB once per page load (two loads); the killed load never reported LCP/CLS/INP at hide.
  const vitals = of('vital').map((r) => r.ed.name);
  expect(vitals.filter((name) => name === 'FCP')).toHaveLength(2);
  expect(vitals.filter((name) => name === 'TTFB')).toHaveLength(2);
  // Both loads landed on home: every measure is filed under it, also those reported after navigating on.
  expect(of('vital').map((r) => r.route)).toEqual(of('vital').map(() => '/'));
}

// 7 views + 7 leaves + 7 performance records.
const RECORDS_PER_JOURNEY = 21;

describe('telemetry reaches the collector exactly once', () => {
  it('in a mobile browser: browse, killed, restart', async () => {
    const context = await newMobileContext(browser);
    const result = await journey(context, (r) => !('app_distinct_id' in r.ed), RECORDS_PER_JOURNEY);
    checkJourney(result);
    await context.close();
  }, 150_000);

  it('inside the native app: the same, with the app’s analytics ids attached and events sent to the app', async () => {
    const context = await newMobileContext(browser, {
      userAgent: APP_USER_AGENTS.androidZhongduoduo,
      initScripts: [nativeShellScript({ platform: 'android' })],
    });
    const probe = await context.newPage();
    await probe.goto(`${server.baseUrl}/`);
    await showHub(probe);
    await probe.getByRole('link', { name: /NFC读卡位置说明/ }).click();
    await waitForPerfReported(probe, '/nfc');
    // The app gets its ids asked once, and the events through logEvent (its page-views come from navigation).
    await expect
      .poll(
        async () => (await readNativeCalls(probe)).filter((c) => c.method === 'logEvent').map((c) => (c.params as { ei?: string; en: string }).ei ?? c.params),
        { timeout: 10_000 },
      )
      .toEqual(expect.arrayContaining(['$pageleave', '$vital']));
    const calls = await readNativeCalls(probe);
    expect(calls.filter((c) => c.method === 'getSensorsData')).toHaveLength(1);
    expect(calls.find((c) => (c.params as { ei?: string }).ei === '$pageleave')?.params).toMatchObject({
      purl: '/',
      et: 'page',
      el: 'INFO',
      ed: { app_distinct_id: 'e2e-device' },
    });
    // Leaving by a navigation: pagehide runs in a live page and its beacon goes out from there (closing the
    // tab may end the renderer before a loaded machine has sent it; that visit is then reported by the next
    // start, which the journey below would count against its own).
    await probe.goto('about:blank');
    await expect
      .poll(
        () =>
          storedRecords()
            .filter((r) => r.ed.app_distinct_id === 'e2e-device' && r.kind === 'pageleave')
            .map((r) => r.purl),
        { timeout: 10_000 },
      )
      .toEqual(['/', '/nfc']);
    await probe.close();
    const probeIds = new Set(storedRecords().map((r) => r.id));

    const result = await journey(context, (r) => r.ed.app_distinct_id === 'e2e-device' && !probeIds.has(r.id), RECORDS_PER_JOURNEY);
    checkJourney(result);
    await context.close();
  }, 150_000);
});

describe('deep links', () => {
  const setDeepLink = (key: string, system: string, params: unknown) =>
    adminCommand(server, ['deeplink', 'set', key, '--system', system, '--params', JSON.stringify(params)]);

  it('/?dl=<key> opens the page the key names; an unknown key shows the default page', async () => {
    await setDeepLink('spring-2026', 'android', { path: '/download', channel: 'sms' });
    const context = await newMobileContext(browser);
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/?dl=spring-2026&utm_source=push`);
    await page.locator('main h1', { hasText: '下载通盈达 APP' }).waitFor();
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/download?utm_source=push&channel=sms');
    await page.goto(`${server.baseUrl}/?dl=no-such-key`);
    // While the key is looked up the default page says it is opening; then it shows itself, without the key.
    await page.waitForURL(`${server.baseUrl}/`);
    await page.getByRole('link', { name: /公司公告/ }).waitFor();
    await context.close();
  });
});

describe('/ops with the data of this run', () => {
  /** A user logs in with one wrong code first: an SMS code sent, one verified, one error answer (400/4202). */
  async function logIn(context: BrowserContext) {
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/login`);
    // The form is prerendered: typing reaches the app once it runs (docs/architecture.md "Delivery").
    await waitForApp(page);
    await page.getByLabel('手机号').pressSequentially(PHONE);
    await page.getByRole('checkbox', { name: /我已阅读并同意/ }).check();
    await page.locator('.sms-code-button').click();
    await expect.poll(() => page.locator('.sms-code-button').textContent(), { timeout: 10_000 }).toMatch(/^\d+秒后重发$/);
    await page.getByLabel('验证码').fill('000000');
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await expect.poll(() => page.getByRole('alert').textContent(), { timeout: 10_000 }).toBe('验证码错误，请重新输入');
    await page.getByLabel('验证码').fill(SMS_CODE);
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('accessToken')), { timeout: 10_000 }).not.toBeNull();
    await page.close();
  }

  type Summary = { sms: { sent: number; verified: number }[]; errorCodes: { code: string; subcode: string | null }[] };
  let viewer: Awaited<ReturnType<typeof opsApiClient>> | undefined;
  async function summary(): Promise<Summary> {
    viewer ??= await opsApiClient(server, 'viewer');
    return viewer.call<Summary>('GET', '/ops/api/summary?days=14');
  }

  it('shows the charts to a signed-in operator', async () => {
    const context = await newMobileContext(browser);
    await logIn(context);
    // The server adds its answer counts to the database every few seconds.
    await expect
      .poll(
        async () => {
          const data = await summary();
          return [data.sms.reduce((n, d) => n + d.sent, 0), data.sms.reduce((n, d) => n + d.verified, 0), data.errorCodes.some((e) => e.subcode === '4202')];
        },
        { timeout: 20_000, interval: 1_000 },
      )
      .toEqual([1, 1, true]);
    // The routes with a performance record now: the journeys above stored theirs (checked there). The login
    // page's own may still be on its way, or lost with its closed tab on a loaded machine (the next start of
    // the app would report it), so it is not waited for: the table is held to the records around its read.
    const perfRoutes = () => [
      ...new Set(
        storedRecords()
          .filter((r) => r.kind === 'perf')
          .map((r) => String(r.ed._pn)),
      ),
    ];
    const reported = perfRoutes();
    const page = await context.newPage();
    // The console's CSP (no inline script or style) refuses nothing the console itself does.
    const refused: string[] = [];
    page.on('console', (message) => /Content Security Policy/i.test(message.text()) && refused.push(message.text()));
    const operator = await addOperator(server, 'viewer');
    await page.goto(`${server.baseUrl}/ops`);
    await page.getByRole('textbox', { name: '账号' }).fill(operator.name);
    await page.getByLabel('密码').fill('not the password at all');
    await page.getByRole('textbox', { name: '动态验证码' }).fill(currentCode(operator));
    await page.getByRole('button', { name: '登录' }).click();
    await expect.poll(() => page.getByRole('alert').textContent(), { timeout: 10_000 }).toBe('名称、密码或验证码不正确');
    await saveScreenshot(page, 'ops-sign-in');
    await page.getByLabel('密码').fill(operator.password);
    await page.getByRole('textbox', { name: '动态验证码' }).fill(currentCode(operator));
    await page.getByRole('button', { name: '登录' }).click();
    await page.getByRole('heading', { name: '页面性能', level: 2 }).waitFor();
    // Four charts, none empty: performance, records, SMS codes, error codes.
    await expect.poll(() => page.locator('.ops-chart canvas').count(), { timeout: 10_000 }).toBe(4);
    // uPlot's own stylesheet applies (its legend is a table laid out by it), and nothing was refused.
    expect(
      await page
        .locator('.u-legend')
        .first()
        .evaluate((el) => getComputedStyle(el).textAlign),
    ).toBe('center');
    expect(refused).toEqual([]);
    expect(await page.getByText('暂无数据').count()).toBe(0);
    const routes = await page.locator('table[aria-label="各路由页面性能"] tbody th').allTextContents();
    // Every route with a performance record in the database (the journeys above, this login) has its row.
    // /ops itself is left out: its own record of this visit may or may not have been stored before the
    // summary was read (analytics flush within a second while the page is shown).
    // Every route with a record before the page read the summary has its row, and every row is a route
    // with a record by now.
    const withoutOps = (list: string[]) => list.filter((route) => route !== '/ops');
    expect(reported.length).toBeGreaterThan(0);
    expect(withoutOps(routes)).toEqual(expect.arrayContaining(withoutOps(reported)));
    expect(perfRoutes()).toEqual(expect.arrayContaining(withoutOps(routes)));
    // 真实访问指标 names the routes real visits measured (home, where the journeys above landed), each a
    // route their records were filed under, none without one.
    const fieldRoutes = await page.getByRole('table', { name: '最近一周 p75' }).locator('tbody th').allTextContents();
    expect(fieldRoutes).toContain('/');
    expect(fieldRoutes).not.toContain('（未记录路由）');
    const vitalRoutes = new Set(storedRecords().flatMap((r) => (r.kind === 'vital' && r.route ? [r.route] : [])));
    expect(fieldRoutes.filter((route) => !vitalRoutes.has(route))).toEqual([]);
    // Nothing of the session in web storage or in reach of scripts: it is the httpOnly cookie.
    const sessionId = (await context.cookies(`${server.baseUrl}/ops`)).find((cookie) => cookie.name === 'tyd_ops')?.value ?? '';
    expect(sessionId).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const reachable = await page.evaluate(() => [document.cookie, JSON.stringify({ ...sessionStorage }), JSON.stringify({ ...localStorage })].join(' '));
    expect(reachable).not.toContain(sessionId);
    expect(reachable).not.toContain('tyd_ops');
    await saveScreenshot(page, 'ops');
    await saveScreenshot(page, 'ops-full', { fullPage: true });
    await context.close();
  });
});
