// The topology on one machine (deploy/topology, docs/operations.md "One machine, the whole topology"):
// real Chromium reaches the product through nginx over HTTPS with HTTP/2, trusting the local authority by
// its key alone; and the shipped nginx configuration does what deploy/nginx/tyd.conf says: the server's
// caching headers through unchanged, X-Forwarded-For the address nginx saw and never one a client wrote,
// a body over the server's limit refused in the product's answer shape, /ops only from the allowed
// addresses, with the operators' origin check seeing the browser's https origin.
import { request } from 'node:https';
import { readFileSync } from 'node:fs';
import { CODE, loginRecords, sendSmsCode, userLoginV1 } from '@tyd/protocol';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ApiClient } from '../../apps/server/test/support/api-client.js';
import { AGREEMENT_VERSION, callFrom } from '../../apps/server/test/support/accounts.js';
import { startTopology, type Topology } from '../topology/topology.js';

const PHONES = ['13900000001', '13900000002'];
const CODE_SENT = '135790';
/** The only address nginx lets reach /ops here: the tests connect from it or from 127.0.0.1. */
const OPERATORS_ADDRESS = '127.0.0.2';

let topology: Topology;
let browser: Browser;
beforeAll(async () => {
  [topology, browser] = await Promise.all([
    startTopology({
      certificateFolder: inject('certificateFolder'),
      opsAccess: [`allow ${OPERATORS_ADDRESS};`, 'deny all;'],
      env: { SMS_SANDBOX_FIXED_CODES: PHONES.map((phone) => `${phone}=${CODE_SENT}`).join(',') },
    }),
    chromium.launch({
      executablePath: '/usr/bin/chromium',
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    }),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await topology?.stop();
});

/** One HTTPS request (HTTP/1.1) trusting the topology's authority, from `localAddress` when given. */
function send(
  path: string,
  opts: { method?: string; headers?: Record<string, string>; body?: string; localAddress?: string } = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((done, fail) => {
    const req = request(
      `${topology.url}${path}`,
      { method: opts.method ?? 'GET', headers: opts.headers, ca: readFileSync(topology.certificates.caCert), localAddress: opts.localAddress },
      (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => done({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', fail);
    req.end(opts.body);
  });
}

describe('the topology', () => {
  it('serves the product to Chromium over HTTPS and HTTP/2, trusted by the authority’s key', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const answers: Array<{ url: string; cacheControl: string | undefined }> = [];
    page.on('response', (response) => answers.push({ url: response.url(), cacheControl: response.headers()['cache-control'] }));
    // Without the authority's key in --ignore-certificate-errors-spki-list the navigation fails outright.
    await expect(page.goto(`${topology.url}/login`)).rejects.toThrow(/ERR_CERT_AUTHORITY_INVALID/);
    await context.close();

    const trusting = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      headless: true,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        `--ignore-certificate-errors-spki-list=${topology.certificates.caSpki}`,
      ],
    });
    try {
      const trustedPage = await trusting.newPage();
      trustedPage.on('response', (response) => answers.push({ url: response.url(), cacheControl: response.headers()['cache-control'] }));
      const response = await trustedPage.goto(`${topology.url}/login`);
      expect(response?.status()).toBe(200);
      await trustedPage.getByRole('button', { name: '登录' }).waitFor();
      const protocols = await trustedPage.evaluate(() =>
        performance.getEntries().flatMap((entry) => ('nextHopProtocol' in entry ? [[entry.name, (entry as PerformanceResourceTiming).nextHopProtocol]] : [])),
      );
      expect(protocols.length).toBeGreaterThan(2);
      for (const [name, protocol] of protocols) expect(protocol, name).toBe('h2');
      // The server's caching, unchanged by nginx (docs/architecture.md "Delivery").
      const page = answers.find((answer) => answer.url === `${topology.url}/login`);
      expect(page?.cacheControl).toBe('no-cache, no-store');
      const assets = answers.filter((answer) => new URL(answer.url).pathname.startsWith('/assets/'));
      expect(assets.length).toBeGreaterThan(2);
      for (const asset of assets) expect(asset.cacheControl, asset.url).toBe('public, max-age=31536000, immutable');
    } finally {
      await trusting.close();
    }
  });

  it('tells the server the address nginx saw, never the one a client wrote', async () => {
    /** Signs up from a client that claims to be 203.0.113.7, and reads the address its sign-in was recorded from. */
    const recordedAddresses = async (baseUrl: string, phone: string) => {
      const client = await ApiClient.fromPage(baseUrl);
      await callFrom(client, '203.0.113.7', sendSmsCode, { phone, purpose: 'login' });
      const login = await callFrom(client, '203.0.113.7', userLoginV1, { phone, smsCode: CODE_SENT, agreementVersion: AGREEMENT_VERSION });
      client.accessToken = login.response?.data?.accessToken;
      return (await client.call(loginRecords, {})).response?.data?.items.map((item) => item.address);
    };
    expect(await recordedAddresses(topology.url, PHONES[0]!)).toEqual(['127.0.*.*']);
    // The control: straight to a process, which believes a loopback peer's X-Forwarded-For (TRUST_PROXY=loopback).
    expect(await recordedAddresses(`http://127.0.0.1:${topology.servers[0]!.port}`, PHONES[1]!)).toEqual(['203.0.*.*']);
  });

  it('refuses a body over the server’s limit at the edge, in the answer the server gives', async () => {
    const oversized = { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ data: 'x'.repeat(70_000) }) };
    const atTheEdge = await send('/tydApi/v1/user/check-login', oversized);
    const direct = await fetch(`http://127.0.0.1:${topology.servers[0]!.port}/tydApi/v1/user/check-login`, oversized);
    expect(atTheEdge.status).toBe(413);
    expect(direct.status).toBe(413);
    const { code, msg } = (await direct.json()) as { code: string; msg: string };
    expect(JSON.parse(atTheEdge.body)).toEqual({ code, msg });
    expect(code).toBe(CODE.PAYLOAD_TOO_LARGE);
  });

  it('lets only the allowed addresses reach /ops, and the console sees the browser’s https origin', async () => {
    expect((await send('/ops')).status).toBe(403);
    expect((await send('/ops/api/session')).status).toBe(403);
    expect((await send('/login', { headers: { accept: 'text/html' } })).status).toBe(200);
    expect((await send('/ops', { localAddress: OPERATORS_ADDRESS, headers: { accept: 'text/html' } })).status).toBe(200);
    // A state-changing call from the console's own origin passes the origin check (ops-guard.ts compares
    // Origin with X-Forwarded-Proto and -Host) and is refused only for want of a session; from another
    // origin, as a cross-site form, it is refused as such.
    const signOut = (origin: string) =>
      send('/ops/api/session/sign-out', {
        method: 'POST',
        localAddress: OPERATORS_ADDRESS,
        headers: { origin, 'content-type': 'application/json' },
        body: '{}',
      });
    const own = await signOut(topology.url);
    const foreign = await signOut('https://elsewhere.example');
    expect(own.status).toBe(401);
    expect(foreign.status).toBe(403);
  });
});
