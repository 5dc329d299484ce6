// Serving the built web app on the API's port (issue 2 serving rules, issue 3 config injection).
import { mkdirSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { CODE } from '@tyd/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserConfig } from '../../src/app.js';
import { configScript } from '../../src/plugins/web-app.js';
import { ApiClient } from '../support/api-client.js';
import { createTestDatabase } from '../support/test-databases.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const INDEX = '<!doctype html><html><head><title>通盈达</title></head><body><div id="root"></div><script type="module" src="/assets/index-Ab12Cd34.js"></script></body></html>';

const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

describe('web app serving', () => {
  let t: TestApp;
  let dist: string;

  beforeAll(async () => {
    const holder = await createTestDatabase('sqlite');
    dist = join(holder.dataDir, 'dist');
    mkdirSync(join(dist, 'assets'), { recursive: true });
    mkdirSync(join(dist, '.vite'), { recursive: true });
    writeFileSync(join(dist, 'index.html'), INDEX);
    writeFileSync(join(dist, 'assets', 'index-Ab12Cd34.js'), 'console.log(1)');
    writeFileSync(join(dist, 'favicon.ico'), 'icon');
    mkdirSync(join(dist, 'agreements'), { recursive: true });
    writeFileSync(join(dist, 'agreements', 'privacy-policy.html'), '<!doctype html><link rel="stylesheet" href="agreement.css"><h1>隐私政策</h1>');
    writeFileSync(join(dist, '.vite', 'manifest.json'), '{}');
    t = await startTestApp({ env: { WEB_DIST: dist } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('serves index.html for page routes, never cached, with the browser config and XSRF cookie', async () => {
    for (const path of ['/', '/login?returnUrl=%2Fmine', '/mine/signOff', '/anything/deep/path', '/index.html']) {
      const res = await fetch(`${t.baseUrl}${path}`, { headers: html });
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(res.headers.get('cache-control')).toBe('no-cache, no-store');
      const body = await res.text();
      const match = /<script id="tyd-config" type="application\/json">(.*?)<\/script><\/head>/.exec(body);
      expect(JSON.parse(match?.[1] ?? 'null')).toEqual(browserConfig(t.secrets));
      const cookie = res.headers.getSetCookie().find((c) => c.startsWith('XSRF-TOKEN='));
      expect(cookie).toMatch(/^XSRF-TOKEN=[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}; Max-Age=604800; Path=\/; SameSite=Lax$/);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('same-origin');
    }
  });

  it('gives a client everything it needs: config from the page, then a sealed call', async () => {
    const client = await ApiClient.fromPage(t.baseUrl);
    const result = await client.call('/v1/user/check-login', {});
    expect(result.kind).toBe('sealed');
    expect(result.response?.code).toBe(CODE.UNAUTHORIZED);
  });

  it('keeps a valid XSRF cookie instead of replacing it', async () => {
    const first = await fetch(`${t.baseUrl}/`, { headers: html });
    const cookie = first.headers.getSetCookie()[0]!.split(';')[0]!;
    const second = await fetch(`${t.baseUrl}/login`, { headers: { ...html, cookie } });
    expect(second.headers.getSetCookie()).toEqual([]);
    const planted = await fetch(`${t.baseUrl}/login`, { headers: { ...html, cookie: `XSRF-TOKEN=${'A'.repeat(22)}.${'B'.repeat(43)}` } });
    expect(planted.headers.getSetCookie()[0]).toMatch(/^XSRF-TOKEN=/);
  });

  it('serves hashed assets immutable, other build files revalidated', async () => {
    const asset = await fetch(`${t.baseUrl}/assets/index-Ab12Cd34.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await asset.text()).toBe('console.log(1)');
    const icon = await fetch(`${t.baseUrl}/favicon.ico`);
    expect(icon.status).toBe(200);
    expect(icon.headers.get('cache-control')).toBe('no-cache');
    expect(icon.headers.get('content-security-policy')).toMatch(/^default-src 'none'/);
  });

  it('serves static documents (the legal texts) with their stylesheets allowed and no scripts', async () => {
    const res = await fetch(`${t.baseUrl}/agreements/privacy-policy.html`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("style-src 'self'");
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain('script-src');
    expect(res.headers.getSetCookie()).toEqual([]);
  });

  it('answers a real 404 for missing assets and files, never the page', async () => {
    for (const path of ['/assets/missing-0000.js', '/assets/missing', '/assets/', '/missing.js', '/.vite/manifest.json', '/keys.json']) {
      const res = await fetch(`${t.baseUrl}${path}`, { headers: html });
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type') ?? '', path).not.toContain('text/html');
    }
  });

  it('falls back only for GET/HEAD requests that accept HTML', async () => {
    expect((await fetch(`${t.baseUrl}/login`, { headers: { accept: 'application/json' } })).status).toBe(404);
    expect((await fetch(`${t.baseUrl}/login`, { method: 'POST', headers: html, body: '' })).status).toBe(404);
    expect((await fetch(`${t.baseUrl}/login`, { method: 'HEAD', headers: html })).status).toBe(200);
    const api = await fetch(`${t.baseUrl}/tydApi/v1/user/nothing`, { headers: html });
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ code: CODE.NOT_FOUND, msg: '服务不存在' });
  });

  it('does not serve files outside the build', async () => {
    const status = await new Promise<number>((done, fail) => {
      const url = new URL(t.baseUrl);
      const req = httpRequest({ host: url.hostname, port: url.port, path: '/assets/..%2f..%2fkeys.json', headers: html }, (res) => {
        res.resume();
        done(res.statusCode ?? 0);
      });
      req.on('error', fail);
      req.end();
    });
    expect(status).toBe(404);
  });

  it('escapes < in the injected JSON so it cannot close the script', () => {
    const script = configScript({ appId: '</script><script>alert(1)</script>', appSecret: 's', keyId: 'k', publicKey: 'p', returnOrigins: [] });
    expect(script.match(/<\/script>/g)).toHaveLength(1);
    expect(JSON.parse(script.slice(script.indexOf('>') + 1, script.lastIndexOf('<')))).toMatchObject({ appId: '</script><script>alert(1)</script>' });
  });
});

describe('without a web build', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('tells page visitors to build it, and the API still works', async () => {
    const page = await fetch(`${t.baseUrl}/login`, { headers: html });
    expect(page.status).toBe(503);
    expect(await page.text()).toContain('npm run build');
    const client = await t.client();
    expect((await client.call('/v1/user/check-login', {})).response?.code).toBe(CODE.UNAUTHORIZED);
  });
});
