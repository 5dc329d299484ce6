// Walking skeleton: the built app is served with the API on one port, unknown paths get
// the 404 page, and the wire contract works from a real browser against the real server.
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newMobileContext, saveScreenshot } from './support/browser';
import { bundleProbe } from './support/bundle';
import { startServer, type RunningServer } from './support/server';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let probeContext: BrowserContext;
let probe: string;

beforeAll(async () => {
  [server, browser, probe] = await Promise.all([startServer(), launchBrowser(), bundleProbe('protocol-probe.ts')]);
  context = await newMobileContext(browser);
  probeContext = await newMobileContext(browser, { bypassCSP: true });
});

afterAll(async () => {
  await context?.close();
  await probeContext?.close();
  await browser?.close();
  await server?.stop();
});

describe('walking skeleton', () => {
  it('shows the 404 page for an unknown path', async () => {
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/anything`);
    await expect.poll(() => page.title()).toBe('404');
    await page.getByText('404').first().waitFor();
    await saveScreenshot(page, 'skeleton-404');
    await page.close();
  });

  it('answers a missing hashed asset with a real 404, not the page', async () => {
    const res = await fetch(`${server.baseUrl}/assets/missing-0000.js`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type') ?? '').not.toContain('text/html');
  });

  it('passes every protocol test vector inside Chromium', async () => {
    const page = await probeContext.newPage();
    await page.goto(`${server.baseUrl}/anything`);
    await page.addScriptTag({ content: probe });
    const result = await page.evaluate(() => window.tydProbe.runVectorSuite());
    expect(result.failed).toEqual([]);
    expect(result.passed).toBeGreaterThan(20);
    await page.close();
  });

  it('calls check-login through the real envelope from the browser and gets 401 without a session', async () => {
    const page = await probeContext.newPage();
    await page.goto(`${server.baseUrl}/anything`);
    await page.addScriptTag({ content: probe });
    const result = await page.evaluate(() => window.tydProbe.call('checkLogin', {}));
    expect(result.status).toBe(200);
    expect(result.response).toMatchObject({ code: '401' });
    // On the wire the request is one opaque field: nothing of the payload is readable.
    expect(Object.keys(JSON.parse(result.wireBody))).toEqual(['data']);
    await page.close();
  });
});
