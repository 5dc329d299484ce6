// Partner origins for returnUrl (SPEC §2): configured in RETURN_ORIGINS, handed to the page in its
// config block, and only ever https origins without a path.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/config/index.js';
import { createTestDatabase } from '../support/test-databases.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

describe('RETURN_ORIGINS', () => {
  let t: TestApp;
  beforeAll(async () => {
    const holder = await createTestDatabase('sqlite');
    const dist = join(holder.dataDir, 'dist');
    mkdirSync(dist, { recursive: true });
    writeFileSync(join(dist, 'index.html'), '<!doctype html><html><head><title>通盈达</title></head><body></body></html>');
    t = await startTestApp({ env: { WEB_DIST: dist, RETURN_ORIGINS: 'https://partner.example.com, https://shop.example.cn:8443' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('hands the configured origins to the page', async () => {
    const body = await (await fetch(`${t.baseUrl}/login`, { headers: { accept: 'text/html' } })).text();
    const json = /<script id="tyd-config" type="application\/json">(.*?)<\/script>/.exec(body)?.[1] ?? 'null';
    expect(JSON.parse(json).returnOrigins).toEqual(['https://partner.example.com', 'https://shop.example.cn:8443']);
  });

  it('defaults to none', () => {
    expect(parseConfig({ NODE_ENV: 'test' }).site.returnOrigins).toEqual([]);
  });

  it('refuses anything but https origins at start', () => {
    for (const value of ['http://partner.example.com', 'https://partner.example.com/path', 'javascript:alert(1)', '*', 'https://a.example.com,']) {
      expect(() => parseConfig({ NODE_ENV: 'test', RETURN_ORIGINS: value }), value).toThrow(/RETURN_ORIGINS/);
    }
  });
});
