// Serving the built web app on the API's port (docs/operations.md "Serving the web build") with the config
// block injected (docs/api.md "Other routes on the same port"), compressed, with the entry's module script
// and the route's chunks preloaded on every page, prerendered first screen or not (docs/architecture.md
// "Delivery"); the /download page's buttons' redirects.
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { CODE, checkLogin } from '@tyd/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserConfig } from '../../src/app.js';
import { applyFirstScreen } from '../../src/plugins/first-screen.js';
import { configScript } from '../../src/plugins/web-app.js';
import { ApiClient } from '../support/api-client.js';
import { createTestDatabase } from '../support/test-databases.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// The build's own inline script (index.html's early-tap recorder), allowed by its hash.
const EARLY_SCRIPT = '\n      window.__tydEarlyTaps = [];\n    ';
const INDEX =
  `<!doctype html><html><head><title>通盈达</title><script>${EARLY_SCRIPT}</script><script type="module" crossorigin src="/assets/index-Ab12Cd34.js"></script>` +
  '<link rel="modulepreload" crossorigin href="/assets/shell-Sh12Sh34.js"><link rel="stylesheet" crossorigin href="/assets/style-St12St34.css">' +
  '</head><body><div id="root"></div></body></html>';

// A build's chunk graph as Vite's manifest describes it: the entry imports the shell; the login page
// imports the shell (already loaded) and a shared chunk, which imports the shell too, and has its own CSS.
// The console's entry comes first, as nothing in the manifest's order promises otherwise: the consumer's
// entry is found by its name.
const MANIFEST = {
  'ops.html': { file: 'assets/ops-Op12Op34.js', isEntry: true, imports: ['_ops-shared-Os12Os34.js'], css: ['assets/ops-Oc12Oc34.css'] },
  '_ops-shared-Os12Os34.js': { file: 'assets/ops-shared-Os12Os34.js' },
  'index.html': { file: 'assets/index-Ab12Cd34.js', isEntry: true, imports: ['_shell-Sh12Sh34.js'], css: ['assets/style-St12St34.css'] },
  '_shell-Sh12Sh34.js': { file: 'assets/shell-Sh12Sh34.js' },
  'src/features/auth/pages/login-page.tsx': {
    file: 'assets/login-page-Lp12Lp34.js',
    isDynamicEntry: true,
    imports: ['_shell-Sh12Sh34.js', '_field-Fd12Fd34.js'],
    css: ['assets/login-page-Lc12Lc34.css'],
  },
  '_field-Fd12Fd34.js': { file: 'assets/field-Fd12Fd34.js', imports: ['_shell-Sh12Sh34.js'] },
  'src/features/content/pages/nfc-page.tsx': { file: 'assets/nfc-page-Nf12Nf34.js', isDynamicEntry: true, imports: ['_shell-Sh12Sh34.js'] },
};
const ROUTES_JSON = { '/login': 'src/features/auth/pages/login-page.tsx', '/nfc': 'src/features/content/pages/nfc-page.tsx' };

// What apps/web/scripts/prerender.ts writes: each route's first screen, "*" for any other path.
const PRERENDER = {
  loginPath: '/login',
  routes: {
    '/': { html: '<main class="page">home</main>', visitorHtml: '<main class="page">home 登录 / 注册</main>', title: '通盈达', fullScreen: true },
    '/login': { html: '<main class="page"><h1 class="page__title">验证码登录</h1></main>', title: '验证码登录', background: '#fff' },
    '/nfc': { html: '<main class="page">nfc</main>', title: 'NFC读卡位置说明' },
    '/mine/signOff': { title: '注销账号', requiresLogin: true },
    '/test': { title: '通盈达' },
    '/download': { html: '<main class="page">正在获取下载地址…</main>', title: '下载通盈达 APP' },
    '/cloudSteward/index': { html: '<main class="page">gift loading</main>', title: '新人礼' },
    '*': { html: '<main class="error-view">404</main>', title: '404' },
  },
};
const APP_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/126.0.0.0 Mobile Safari/537.36 zhongduoduo/5.2.0';

/** #root as sent, with its data-prerender route (undefined when the page renders in the browser). */
function rootOf(page: string): { route: string | undefined; html: string } {
  const match = /<div id="root"(?: data-prerender="([^"]*)")?( data-visitor)?>(.*?)<\/div><\/body>/s.exec(page);
  return { route: match?.[1], html: match?.[3] ?? '', ...(match?.[2] && { visitor: true }) };
}

const ANDROID_URL = 'https://dl.example.com/tyd.apk';

/** What the browser fetches with the HTML: module scripts and modulepreload links, stylesheets apart. */
function scriptTags(page: string): string[] {
  return [...page.matchAll(/<script type="module"[^>]*src="([^"]+)"|<link rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1] ?? m[2]!);
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** Compressible text well over a packet, so every copy is smaller than the file. */
const SHELL_JS = Array.from({ length: 400 }, (_, i) => `export const value${i} = 'shell module ${i}';`).join('\n');
const SHELL_BR = brotliCompressSync(SHELL_JS);
const SHELL_GZ = gzipSync(SHELL_JS, { level: 9 });
const GZ_ONLY_JS = Array.from({ length: 200 }, (_, i) => `export const other${i} = ${i};`).join('\n');
const GZ_ONLY_GZ = gzipSync(GZ_ONLY_JS, { level: 9 });

const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A request whose answer is not decoded on the way (fetch would undo the Content-Encoding). */
function rawRequest(baseUrl: string, path: string, headers: Record<string, string>, method = 'GET'): Promise<RawResponse> {
  return new Promise((done, fail) => {
    const url = new URL(baseUrl);
    const req = httpRequest({ host: url.hostname, port: url.port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', fail);
    });
    req.on('error', fail);
    req.end();
  });
}

function decode(res: RawResponse): string {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(res.body).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(res.body).toString('utf8');
  expect(encoding).toBeUndefined();
  return res.body.toString('utf8');
}

// The operators' console's own entry (apps/web/ops.html as built): no inline script, its own bundle.
const CONSOLE =
  '<!doctype html><html><head><title>通盈达运营后台</title><script type="module" crossorigin src="/assets/ops-Op12Op34.js"></script></head><body><div id="root"></div></body></html>';

describe('web app serving', () => {
  let t: TestApp;
  let dist: string;

  beforeAll(async () => {
    const holder = await createTestDatabase('sqlite');
    dist = join(holder.dataDir, 'dist');
    mkdirSync(join(dist, 'assets'), { recursive: true });
    mkdirSync(join(dist, '.vite'), { recursive: true });
    writeFileSync(join(dist, 'index.html'), INDEX);
    writeFileSync(join(dist, 'ops.html'), CONSOLE);
    writeFileSync(join(dist, 'assets', 'index-Ab12Cd34.js'), 'console.log(1)');
    writeFileSync(join(dist, 'favicon.ico'), 'icon');
    mkdirSync(join(dist, 'agreements'), { recursive: true });
    writeFileSync(join(dist, 'agreements', 'privacy-policy.html'), '<!doctype html><link rel="stylesheet" href="agreement.css"><h1>隐私政策</h1>');
    writeFileSync(
      join(dist, 'agreements', 'privacy-policy.html.br'),
      brotliCompressSync('<!doctype html><link rel="stylesheet" href="agreement.css"><h1>隐私政策</h1>'),
    );
    writeFileSync(join(dist, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
    writeFileSync(join(dist, '.vite', 'routes.json'), JSON.stringify(ROUTES_JSON));
    writeFileSync(join(dist, '.vite', 'prerender.json'), JSON.stringify(PRERENDER));
    writeFileSync(join(dist, 'assets', 'shell-Sh12Sh34.js'), SHELL_JS);
    writeFileSync(join(dist, 'assets', 'shell-Sh12Sh34.js.br'), SHELL_BR);
    writeFileSync(join(dist, 'assets', 'shell-Sh12Sh34.js.gz'), SHELL_GZ);
    writeFileSync(join(dist, 'assets', 'gz-only-Go12Go34.js'), GZ_ONLY_JS);
    writeFileSync(join(dist, 'assets', 'gz-only-Go12Go34.js.gz'), GZ_ONLY_GZ);
    t = await startTestApp({ env: { WEB_DIST: dist, APP_DOWNLOAD_ANDROID_URL: ANDROID_URL } });
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
      expect(JSON.parse(match?.[1] ?? 'null')).toEqual(browserConfig(t.secrets, t.config.site));
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

  it("serves the operators' console at /ops and below: its own page, a stricter CSP, nothing of the consumer app's", async () => {
    for (const path of ['/ops', '/ops/content', '/ops/operators?x=1', '/ops/no-such-page']) {
      const res = await fetch(`${t.baseUrl}${path}`, { headers: { ...html, 'accept-encoding': 'br' } });
      expect(res.status, path).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-cache, no-store');
      expect(res.headers.get('x-robots-tag')).toBe('noindex, nofollow');
      const body = await res.text();
      expect(body).toBe(CONSOLE);
      // No browser config, no first screen, no XSRF cookie: the console's calls carry the operator's CSRF token.
      expect(res.headers.getSetCookie()).toEqual([]);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp.split('; ')).toEqual(
        expect.arrayContaining([
          "default-src 'none'",
          "script-src 'self'",
          "style-src 'self'",
          "connect-src 'self'",
          "frame-ancestors 'none'",
          "base-uri 'none'",
        ]),
      );
      expect(csp).not.toContain('unsafe');
      expect(csp).not.toContain('sha256');
    }
    // The file is only ever served as the console's page, never by its own name.
    expect((await fetch(`${t.baseUrl}/ops.html`, { headers: html })).headers.get('content-security-policy')).not.toBe(
      (await fetch(`${t.baseUrl}/ops`, { headers: html })).headers.get('content-security-policy'),
    );
    expect(await (await fetch(`${t.baseUrl}/ops.html`, { headers: html })).text()).not.toBe(CONSOLE);
    // Its API stays an API: JSON, never the page.
    const api = await fetch(`${t.baseUrl}/ops/api/session`, { headers: html });
    expect(api.status).toBe(401);
    expect(api.headers.get('content-type')).toContain('application/json');
  });

  it('gives a client everything it needs: config from the page, then a sealed call', async () => {
    const client = await ApiClient.fromPage(t.baseUrl);
    const result = await client.call(checkLogin, {});
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

  it('sends a build file from its brotli or gzip copy by Accept-Encoding, q-values honoured, else as is', async () => {
    const path = '/assets/shell-Sh12Sh34.js';
    const cases: [string | undefined, 'br' | 'gzip' | undefined][] = [
      ['gzip, deflate, br', 'br'],
      ['br', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0.4, gzip;q=0.8', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
      ['identity', undefined],
      ['br;q=0, gzip;q=0', undefined],
      [undefined, undefined],
    ];
    const etags = new Set<string>();
    for (const [acceptEncoding, expected] of cases) {
      const res = await rawRequest(t.baseUrl, path, acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding });
      const sent = expected === 'br' ? SHELL_BR : expected === 'gzip' ? SHELL_GZ : Buffer.from(SHELL_JS);
      expect(res.status, acceptEncoding).toBe(200);
      expect(res.headers['content-encoding'], acceptEncoding).toBe(expected);
      expect(res.headers['content-type'], acceptEncoding).toBe('application/javascript; charset=utf-8');
      expect(res.headers['content-length'], acceptEncoding).toBe(String(sent.length));
      expect(res.headers.vary, acceptEncoding).toBe('accept-encoding');
      expect(res.headers['cache-control'], acceptEncoding).toBe('public, max-age=31536000, immutable');
      expect(res.body.equals(sent), acceptEncoding).toBe(true);
      expect(decode(res)).toBe(SHELL_JS);
      etags.add(`${expected}:${res.headers.etag}`);
    }
    // One ETag per representation: a cache or If-None-Match never mixes the encodings up.
    expect(new Set([...etags].map((tag) => tag.split(':')[1])).size).toBe(3);
    expect(etags.size).toBe(3);
  });

  it('answers If-None-Match per representation', async () => {
    const br = await rawRequest(t.baseUrl, '/assets/shell-Sh12Sh34.js', { 'accept-encoding': 'br' });
    const again = await rawRequest(t.baseUrl, '/assets/shell-Sh12Sh34.js', { 'accept-encoding': 'br', 'if-none-match': br.headers.etag! });
    expect(again.status).toBe(304);
    const gzip = await rawRequest(t.baseUrl, '/assets/shell-Sh12Sh34.js', { 'accept-encoding': 'gzip', 'if-none-match': br.headers.etag! });
    expect(gzip.status).toBe(200);
    expect(gzip.headers['content-encoding']).toBe('gzip');
  });

  it('falls back to the next accepted copy, then to the file, when a copy is missing', async () => {
    const gzipOnly = await rawRequest(t.baseUrl, '/assets/gz-only-Go12Go34.js', { 'accept-encoding': 'br, gzip' });
    expect(gzipOnly.headers['content-encoding']).toBe('gzip');
    expect(gzipOnly.body.equals(GZ_ONLY_GZ)).toBe(true);
    const brOnly = await rawRequest(t.baseUrl, '/assets/gz-only-Go12Go34.js', { 'accept-encoding': 'br' });
    expect(brOnly.status).toBe(200);
    expect(brOnly.headers['content-encoding']).toBeUndefined();
    expect(brOnly.body.toString()).toBe(GZ_ONLY_JS);
    expect(brOnly.headers['content-length']).toBe(String(Buffer.byteLength(GZ_ONLY_JS)));
    const small = await rawRequest(t.baseUrl, '/assets/index-Ab12Cd34.js', { 'accept-encoding': 'br, gzip' });
    expect(small.status).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body.toString()).toBe('console.log(1)');
  });

  it('answers HEAD with the headers of the representation GET would send, and no body', async () => {
    for (const [acceptEncoding, sent] of [
      ['br', SHELL_BR],
      ['gzip', SHELL_GZ],
      ['identity', Buffer.from(SHELL_JS)],
    ] as const) {
      const res = await rawRequest(t.baseUrl, '/assets/shell-Sh12Sh34.js', { 'accept-encoding': acceptEncoding }, 'HEAD');
      expect(res.status, acceptEncoding).toBe(200);
      expect(res.headers['content-encoding'], acceptEncoding).toBe(acceptEncoding === 'identity' ? undefined : acceptEncoding);
      expect(res.headers['content-length'], acceptEncoding).toBe(String(sent.length));
      expect(res.body.length).toBe(0);
    }
  });

  it('serves Range requests from the representation it names (RFC 9110 §14.1.2)', async () => {
    const plain = await rawRequest(t.baseUrl, '/assets/shell-Sh12Sh34.js', { 'accept-encoding': 'identity', range: 'bytes=7-18' });
    expect(plain.status).toBe(206);
    expect(plain.headers['content-range']).toBe(`bytes 7-18/${Buffer.byteLength(SHELL_JS)}`);
    expect(plain.body.toString()).toBe(SHELL_JS.slice(7, 19));
    const br = await rawRequest(t.baseUrl, '/assets/shell-Sh12Sh34.js', { 'accept-encoding': 'br', range: 'bytes=0-99' });
    expect(br.status).toBe(206);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-range']).toBe(`bytes 0-99/${SHELL_BR.length}`);
    expect(br.body.equals(SHELL_BR.subarray(0, 100))).toBe(true);
    const rest = await rawRequest(t.baseUrl, '/assets/shell-Sh12Sh34.js', { 'accept-encoding': 'br', range: `bytes=100-` });
    expect(brotliDecompressSync(Buffer.concat([br.body, rest.body])).toString()).toBe(SHELL_JS);
  });

  it('never serves the compressed copies by their own names', async () => {
    for (const path of ['/assets/shell-Sh12Sh34.js.br', '/assets/shell-Sh12Sh34.js.gz', '/agreements/privacy-policy.html.br']) {
      expect((await rawRequest(t.baseUrl, path, { 'accept-encoding': 'br, gzip' })).status, path).toBe(404);
    }
  });

  it("keeps the static documents' headers on their compressed copies", async () => {
    const res = await rawRequest(t.baseUrl, '/agreements/privacy-policy.html', { 'accept-encoding': 'br' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-security-policy']).toMatch(/^default-src 'none'/);
    expect(decode(res)).toContain('隐私政策');
  });

  it('compresses the page by Accept-Encoding, the same document in every encoding', async () => {
    const bodies = new Set<string>();
    for (const acceptEncoding of ['br', 'gzip', 'identity', 'br;q=0.1, gzip;q=0.9', '']) {
      const res = await rawRequest(t.baseUrl, '/login', { ...html, 'accept-encoding': acceptEncoding });
      const expected = { br: 'br', gzip: 'gzip', 'br;q=0.1, gzip;q=0.9': 'gzip' }[acceptEncoding];
      expect(res.status, acceptEncoding).toBe(200);
      expect(res.headers['content-encoding'], acceptEncoding).toBe(expected);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers.vary).toBe('accept-encoding, user-agent, cookie');
      expect(res.headers['content-length']).toBe(String(res.body.length));
      bodies.add(decode(res));
      const head = await rawRequest(t.baseUrl, '/login', { ...html, 'accept-encoding': acceptEncoding }, 'HEAD');
      expect(head.headers['content-encoding'], acceptEncoding).toBe(expected);
      expect(head.headers['content-length'], acceptEncoding).toBe(String(res.body.length));
      expect(head.body.length).toBe(0);
    }
    expect(bodies.size).toBe(1);
    expect([...bodies][0]).toContain('<script id="tyd-config"');
  });

  it("puts the route's page chunk, its imports and its CSS into the page, not what the entry loads already", async () => {
    const login = await (await fetch(`${t.baseUrl}/login?returnUrl=%2Fmine`, { headers: html })).text();
    const links = [...login.matchAll(/<link rel="(modulepreload|stylesheet)" crossorigin href="([^"]+)">/g)].map((m) => `${m[1]} ${m[2]}`);
    expect(links).toEqual([
      'modulepreload /assets/shell-Sh12Sh34.js',
      'stylesheet /assets/style-St12St34.css',
      'stylesheet /assets/login-page-Lc12Lc34.css',
      'modulepreload /assets/login-page-Lp12Lp34.js',
      'modulepreload /assets/field-Fd12Fd34.js',
    ]);
    const nfc = await (await fetch(`${t.baseUrl}/nfc?title=x`, { headers: html })).text();
    expect(scriptTags(nfc)).toEqual(['/assets/index-Ab12Cd34.js', '/assets/shell-Sh12Sh34.js', '/assets/nfc-page-Nf12Nf34.js']);
    expect(nfc).not.toContain('login-page');
  });

  it("fetches the scripts with the HTML on every page: the entry as a module script, the route's chunks preloaded", async () => {
    const cases: [string, Record<string, string>, string[]][] = [
      // With a prerendered first screen: the scripts start with the HTML all the same (no bootstrap).
      ['/login', {}, ['/assets/login-page-Lp12Lp34.js', '/assets/field-Fd12Fd34.js']],
      ['/nfc/', {}, ['/assets/nfc-page-Nf12Nf34.js']],
      ['/nfc?utm_source=sms', {}, ['/assets/nfc-page-Nf12Nf34.js']],
      ['/nfc', { 'user-agent': APP_UA }, ['/assets/nfc-page-Nf12Nf34.js']],
      ['/', {}, []],
      ['/nowhere', {}, []],
      ['/mine/signOff', {}, ['/assets/login-page-Lp12Lp34.js', '/assets/field-Fd12Fd34.js']],
      // Without one.
      ['/login?title=x', {}, ['/assets/login-page-Lp12Lp34.js', '/assets/field-Fd12Fd34.js']],
      ['/test', {}, []],
      ['/mine/signOff', { cookie: `x-access-token=${'A'.repeat(43)}` }, []],
      ['/mine/signOff', { 'user-agent': APP_UA }, []],
    ];
    for (const [path, headers, routeModules] of cases) {
      const page = await (await fetch(`${t.baseUrl}${path}`, { headers: { ...html, ...headers } })).text();
      expect(scriptTags(page), path).toEqual(['/assets/index-Ab12Cd34.js', '/assets/shell-Sh12Sh34.js', ...routeModules]);
      // The entry is an ordinary module script, as the build wrote it; no inline script but the build's own and the config block.
      expect(page, path).toContain('<script type="module" crossorigin src="/assets/index-Ab12Cd34.js"></script>');
      expect(
        [...page.matchAll(/<script(?![^>]* src=)[^>]*>/g)].map((m) => m[0]),
        path,
      ).toEqual(['<script>', '<script id="tyd-config" type="application/json">']);
    }
  });

  it("allows the page's inline scripts, and only those, by their hashes in its CSP", async () => {
    const config = configScript(browserConfig(t.secrets, t.config.site));
    const allowed = [sha256(config.slice(config.indexOf('>') + 1, config.lastIndexOf('<'))), sha256(EARLY_SCRIPT)];
    for (const path of ['/login', '/nfc', '/login?title=x', '/test']) {
      const res = await fetch(`${t.baseUrl}${path}`, { headers: html });
      const scriptSrc = /script-src ([^;]*)/.exec(res.headers.get('content-security-policy') ?? '')?.[1]?.split(' ');
      expect(scriptSrc, path).toEqual(["'self'", ...allowed]);
      const inline = [...(await res.text()).matchAll(/<script(?![^>]* src=)[^>]*>(.*?)<\/script>/gs)].map((m) => sha256(m[1]!));
      expect([...inline].sort(), path).toEqual([...allowed].sort());
    }
  });

  it("gives unknown routes only the entry's own chunks", async () => {
    for (const path of ['/nowhere', '/Login', '/nfc/x', '/', '/nowhere?title=x']) {
      const page = await (await fetch(`${t.baseUrl}${path}`, { headers: html })).text();
      expect(page, path).not.toMatch(/login-page|nfc-page|field-/);
      expect(scriptTags(page), path).toEqual(['/assets/index-Ab12Cd34.js', '/assets/shell-Sh12Sh34.js']);
    }
  });

  it("puts the route's prerendered first screen into #root, with its title and background", async () => {
    const login = await (await fetch(`${t.baseUrl}/login`, { headers: html })).text();
    expect(rootOf(login)).toEqual({ route: '/login', html: PRERENDER.routes['/login'].html });
    expect(login).toContain('<title>验证码登录</title>');
    expect(login).toContain('<body style="--route-bg:#fff">');
    expect(login).toContain('<html>');
    const nfc = await (await fetch(`${t.baseUrl}/nfc/`, { headers: html })).text();
    expect(rootOf(nfc)).toEqual({ route: '/nfc', html: '<main class="page">nfc</main>' });
    expect(scriptTags(nfc)).toContain('/assets/nfc-page-Nf12Nf34.js');
    expect(nfc).toContain('<body>');
    // Campaign tags change nothing on the page; any other parameter may (login's title), so the browser renders it.
    expect(rootOf(await (await fetch(`${t.baseUrl}/nfc?utm_source=sms&channel=a`, { headers: html })).text()).route).toBe('/nfc');
    const titled = await (await fetch(`${t.baseUrl}/login?title=${encodeURIComponent('绑定手机号')}`, { headers: html })).text();
    expect(rootOf(titled)).toEqual({ route: undefined, html: '' });
    expect(titled).toContain('<title>通盈达</title>');
    expect(titled).toContain('<link rel="modulepreload" crossorigin href="/assets/login-page-Lp12Lp34.js">');
    // A route without markup (its first screen depends on stored data) renders in the browser.
    expect(rootOf(await (await fetch(`${t.baseUrl}/ops`, { headers: html })).text())).toEqual({ route: undefined, html: '' });
  });

  it('sends a browser without the session cookie the visitor form of a route that has one, marked for hydration', async () => {
    const anonymous = await (await fetch(`${t.baseUrl}/`, { headers: html })).text();
    expect(rootOf(anonymous)).toEqual({ route: '/', html: PRERENDER.routes['/'].visitorHtml, visitor: true });
    // With the cookie, and inside the app (whose session comes from the app, not the cookie): the neutral form.
    const withSession = await (await fetch(`${t.baseUrl}/`, { headers: { ...html, cookie: `x-access-token=${'A'.repeat(43)}` } })).text();
    expect(rootOf(withSession)).toEqual({ route: '/', html: PRERENDER.routes['/'].html });
    const inApp = await (await fetch(`${t.baseUrl}/`, { headers: { ...html, 'user-agent': APP_UA } })).text();
    expect(rootOf(inApp)).toEqual({ route: '/', html: PRERENDER.routes['/'].html });
    // A route without a visitor form sends its one form to everyone, unmarked.
    expect(rootOf(await (await fetch(`${t.baseUrl}/nfc`, { headers: html })).text())).toEqual({ route: '/nfc', html: PRERENDER.routes['/nfc'].html });
  });

  it("sends the /download page's buttons on to the configured links, or says there is none", async () => {
    const android = await fetch(`${t.baseUrl}/download/android`, { headers: html, redirect: 'manual' });
    expect(android.status).toBe(302);
    expect(android.headers.get('location')).toBe(ANDROID_URL);
    expect(android.headers.get('cache-control')).toBe('no-store');
    // No iOS link configured here: a page that says so, with the way back, and nothing that runs.
    const ios = await fetch(`${t.baseUrl}/download/ios`, { headers: html, redirect: 'manual' });
    expect(ios.status).toBe(404);
    expect(ios.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(ios.headers.get('content-security-policy')).toContain("default-src 'none'");
    const text = await ios.text();
    expect(text).toContain('暂无可用的下载地址');
    expect(text).toContain('<a href="/download">');
    expect(text).not.toContain('<script');
    // Styled like the app: its one stylesheet, allowed by its hash and nothing else.
    const style = /<style>([^<]*)<\/style>/.exec(text)?.[1] ?? '';
    expect(style).toContain('--brand:#1a5cff');
    const hash = createHash('sha256').update(style).digest('base64');
    expect(ios.headers.get('content-security-policy')).toContain(`style-src 'sha256-${hash}'`);
    // The page knows which platforms have a link (the /download page shows a button only for those).
    expect(
      JSON.parse(
        /<script id="tyd-config" type="application\/json">([^<]*)</.exec(await (await fetch(`${t.baseUrl}/download`, { headers: html })).text())?.[1] ?? '{}',
      ),
    ).toMatchObject({
      appDownload: { android: true, ios: false },
    });
    // Any other platform is no route of its own: the web app's 404 page.
    expect(rootOf(await (await fetch(`${t.baseUrl}/download/windows`, { headers: html })).text()).route).toBe('*');
  });

  it("sends the build's first screen only: no answers rendered into it", async () => {
    for (const path of ['/download', '/cloudSteward/index']) {
      const page = await (await fetch(`${t.baseUrl}${path}`, { headers: html })).text();
      expect(rootOf(page), path).toEqual({ route: path, html: PRERENDER.routes[path as '/download'].html });
    }
  });

  it("gives any other path the 404 page's first screen", async () => {
    for (const path of ['/nowhere', '/Login', '/nfc/x']) {
      const page = await (await fetch(`${t.baseUrl}${path}`, { headers: html })).text();
      expect(rootOf(page), path).toEqual({ route: '*', html: PRERENDER.routes['*'].html });
      expect(page, path).toContain('<title>404</title>');
    }
  });

  it('sends a route that needs a session as the login page to a browser without the session cookie, and unrendered otherwise', async () => {
    const anonymous = await (await fetch(`${t.baseUrl}/mine/signOff`, { headers: html })).text();
    expect(rootOf(anonymous).route).toBe('/login');
    expect(scriptTags(anonymous)).toContain('/assets/login-page-Lp12Lp34.js');
    const withSession = await (await fetch(`${t.baseUrl}/mine/signOff`, { headers: { ...html, cookie: `x-access-token=${'A'.repeat(43)}` } })).text();
    expect(rootOf(withSession)).toEqual({ route: undefined, html: '' });
    const inApp = await (await fetch(`${t.baseUrl}/mine/signOff`, { headers: { ...html, 'user-agent': APP_UA } })).text();
    expect(rootOf(inApp)).toEqual({ route: undefined, html: '' });
  });

  it('styles the page for the app from its first paint: in-app, and app-full-screen on full-screen routes', async () => {
    const classOf = async (path: string, userAgent?: string) => {
      const page = await (await fetch(`${t.baseUrl}${path}`, { headers: { ...html, ...(userAgent ? { 'user-agent': userAgent } : {}) } })).text();
      return /<html([^>]*)>/.exec(page)?.[1];
    };
    expect(await classOf('/nfc', APP_UA)).toBe(' class="in-app"');
    expect(await classOf('/', APP_UA)).toBe(' class="in-app app-full-screen"');
    expect(await classOf('/', APP_UA.replace('zhongduoduo', 'Planner'))).toBe(' class="in-app app-full-screen"');
    expect(await classOf('/')).toBe('');
    expect(await classOf('/nfc', 'Mozilla/5.0 (iPhone) MicroMessenger/8.0')).toBe('');
  });

  it('puts markup in as it is: replacement patterns in the text stay text', () => {
    const hostile = "$& $' $` &lt;/script&gt;";
    const screen = { route: '/nfc', entry: { title: 'NFC', html: `<p>${hostile}</p>` }, inApp: false, sessionless: true };
    expect(rootOf(applyFirstScreen(INDEX, screen)).html).toBe(`<p>${hostile}</p>`);
  });

  it('escapes < in the injected JSON so it cannot close the script', () => {
    const script = configScript({
      appId: '</script><script>alert(1)</script>',
      appSecret: 's',
      keyId: 'k',
      publicKey: 'p',
      returnOrigins: [],
      operator: { name: '</script>' },
      appDownload: { android: true, ios: false },
    });
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
    expect((await client.call(checkLogin, {})).response?.code).toBe(CODE.UNAUTHORIZED);
  });
});
