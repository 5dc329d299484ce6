// Malformed URLs are the client's error, never a fault of ours (docs/api.md "Other routes on the same
// port", docs/operations.md "Metrics"): a NUL byte (`%00`), percent-encoding that is not hex, escapes that are
// not UTF-8 (overlong, truncated, surrogates), paths too long for a file name, a Range or precondition the
// file cannot meet. Through real HTTP (node:http, which sends the path as written; fetch would normalise it),
// with a web build in place, since the static file server is what refused `%00` with an error the error
// handler took for ours: each is answered 4xx in the product's shape (the envelope under /tydApi, plain text
// elsewhere), no line at error level and no stack trace is logged, and the request histogram behind the
// TydServerErrors alert counts no 5xx.
import { mkdirSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { CODE, CODE_TEXT } from '@tyd/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureLogLines } from '../support/log-capture.js';
import { createTestDatabase } from '../support/test-databases.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One request with its path sent byte for byte. */
function send(baseUrl: string, method: string, path: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: url.hostname, port: url.port, method, path, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };
const ASSET = 'console.log("asset")';

/** Malformed paths outside the API, as browsers, scanners and broken links send them. */
const PAGE_PATHS = [
  '/%00',
  '/login%00',
  '/login/%00/x',
  '/assets/app.js%00',
  '/favicon.ico%00',
  '/ops/%00',
  '/readyz%00',
  '/%ZZ',
  '/login%E4%B8',
  '/%FF',
  '/%C0%AE%C0%AE/etc/passwd',
  '/a%ED%A0%80',
  '/assets/%E4%B8%AD%',
  // A number in a URL the router cannot decode reaches the log masked, like any other (operations.md "Logs").
  '/%ZZ/13912345678',
];
/** The same under the API base: answered with the envelope. */
const API_PATHS = ['/tydApi/%00', '/tydApi/v1/user/check-login%00', '/tydApi/%FF', '/tydApi/v1/user/%C0%AF', '/tydApi/v1/%ZZ'];

describe('malformed URLs', () => {
  let t: TestApp;
  const { stream, lines } = captureLogLines();

  beforeAll(async () => {
    const holder = await createTestDatabase('sqlite');
    const dist = join(holder.dataDir, 'dist');
    mkdirSync(join(dist, 'assets'), { recursive: true });
    writeFileSync(join(dist, 'index.html'), '<!doctype html><html><head><title>通盈达</title></head><body><div id="root"></div></body></html>');
    writeFileSync(join(dist, 'assets', 'app.js'), ASSET);
    writeFileSync(join(dist, 'favicon.ico'), 'icon');
    t = await startTestApp({ logStream: stream, env: { WEB_DIST: dist, METRICS_PORT: '0' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Log lines of one request, once its answer is written. */
  async function logged(reqIdOrUrl: string): Promise<Array<Record<string, unknown>>> {
    await new Promise((resolve) => setImmediate(resolve));
    return lines.filter((line) => line.includes(reqIdOrUrl)).map((line) => JSON.parse(line) as Record<string, unknown>);
  }

  function expectNoFaultLogged(): void {
    const faults = lines.filter((line) => (JSON.parse(line) as { level: number }).level >= 50 || line.includes('"stack"'));
    expect(faults).toEqual([]);
  }

  it('answers a malformed page path 400 in plain text, with the usual headers, and logs a rejection, not a fault', async () => {
    for (const method of ['GET', 'HEAD']) {
      for (const path of PAGE_PATHS) {
        lines.length = 0;
        const answer = await send(t.baseUrl, method, path, html);
        expect(answer.status, `${method} ${path}`).toBe(400);
        expect(answer.headers['content-type'], path).toBe('text/plain; charset=utf-8');
        expect(answer.body, path).toBe(method === 'HEAD' ? '' : 'Bad Request\n');
        const reqId = answer.headers['x-request-id'];
        expect(typeof reqId, path).toBe('string');
        expect(answer.headers['x-content-type-options'], path).toBe('nosniff');
        const own = await logged(reqId as string);
        expect(
          own.some((line) => line.msg === 'request rejected' && line.level === 30),
          `${method} ${path}: ${JSON.stringify(own)}`,
        ).toBe(true);
        expectNoFaultLogged();
        expect(lines.join('\n'), path).not.toContain('13912345678');
      }
    }
  });

  it('answers a malformed API path with the envelope: 400 请求参数错误 (404 服务不存在 for a path it can read)', async () => {
    for (const method of ['GET', 'POST']) {
      for (const path of API_PATHS) {
        lines.length = 0;
        const answer = await send(t.baseUrl, method, path, { 'content-type': 'application/json' });
        // A path that decodes (a NUL byte) names no endpoint: POST gets the unknown endpoint's answer.
        const unknownEndpoint = method === 'POST' && path.includes('%00');
        const code = unknownEndpoint ? CODE.NOT_FOUND : CODE.BAD_REQUEST;
        expect(answer.status, `${method} ${path}`).toBe(Number(code));
        expect(answer.headers['content-type'], path).toMatch(/^application\/json/);
        expect(JSON.parse(answer.body), `${method} ${path}`).toEqual({ code, msg: CODE_TEXT[code] });
        expectNoFaultLogged();
      }
    }
  });

  it('answers a long or deep file path 404 and a long page path with the page, never 5xx', async () => {
    // Up to the HTTP parser's 16 KB for the request line and headers (beyond it Node answers 431 itself).
    lines.length = 0;
    expect((await send(t.baseUrl, 'GET', `/assets/${'a'.repeat(15_000)}.js`, html)).status).toBe(404);
    expect((await send(t.baseUrl, 'GET', `/assets/${'a'.repeat(300)}.js`, html)).status).toBe(404);
    expect((await send(t.baseUrl, 'GET', `/assets/${'%41'.repeat(4_000)}.js`, html)).status).toBe(404);
    expect((await send(t.baseUrl, 'GET', `/assets/${'a/'.repeat(5_000)}x.js`, html)).status).toBe(404);
    expect((await send(t.baseUrl, 'GET', `/tydApi/v1/${'a'.repeat(15_000)}`, { 'content-type': 'application/json' })).status).toBe(404);
    expect((await send(t.baseUrl, 'GET', `/${'a'.repeat(15_000)}`, html)).status).toBe(200);
    expectNoFaultLogged();
  });

  it("answers a file's unmet Range 416 and unmet precondition 412, as HTTP says, not 500", async () => {
    lines.length = 0;
    const range = await send(t.baseUrl, 'GET', '/assets/app.js', { range: `bytes=${ASSET.length + 10}-` });
    expect(range.status).toBe(416);
    expect(range.headers['content-range']).toBe(`bytes */${ASSET.length}`);
    expect((await send(t.baseUrl, 'GET', '/assets/app.js', { 'if-match': '"not-this-one"' })).status).toBe(412);
    expect((await send(t.baseUrl, 'GET', '/assets/app.js')).body).toBe(ASSET);
    expectNoFaultLogged();
  });

  it('leaves no 5xx in the request histogram the TydServerErrors alert reads', async () => {
    for (const path of [...PAGE_PATHS, ...API_PATHS]) await send(t.baseUrl, 'GET', path, html);
    const metrics = t.app.metricsAddress();
    expect(metrics).toBeDefined();
    const text = await (await fetch(`http://127.0.0.1:${metrics!.port}/metrics`)).text();
    const counts = text.split('\n').filter((line) => line.startsWith('http_server_request_duration_seconds_count'));
    expect(counts.some((line) => /code="4\d\d"/.test(line))).toBe(true);
    expect(counts.filter((line) => /code="5\d\d"/.test(line))).toEqual([]);
  });
});
