// GET /tydApi/deep-link/params (SPEC §7 deep-link lookup; docs/api.md): stored parameters, codes for an
// unknown key and for bad input (SQLite only: one keyed select, no engine difference).
import { CODE_TEXT, DEEP_LINK_PATH } from '@tyd/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { SQLITE_ONLY } from '../support/test-databases.js';

describe.each(SQLITE_ONLY)('deep-link lookup on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ engine });
    const now = Date.now();
    await t.app.telemetry.deepLinks.set({ project: 'production', systemType: 'android', key: 'gift' }, { path: '/cloudSteward/index', from: 'sms', n: 3 }, now);
    await t.app.telemetry.deepLinks.set({ project: 'production', systemType: 'ios', key: 'gift' }, { path: '/download' }, now);
    await t.app.telemetry.deepLinks.set({ project: 'staging', systemType: 'h5', key: 'gift' }, { path: '/nfc' }, now);
  });
  afterAll(async () => {
    await t?.close();
  });

  const lookup = async (query: string) => {
    const response = await fetch(`${t.baseUrl}${DEEP_LINK_PATH}?${query}`);
    return { status: response.status, cacheControl: response.headers.get('cache-control'), body: (await response.json()) as Record<string, unknown> };
  };

  it('answers the parameters stored for the key, system type and project', async () => {
    const android = await lookup('key=gift&system_type=android&project=production');
    expect(android).toEqual({
      status: 200,
      cacheControl: 'no-store',
      body: { code: '200', msg: CODE_TEXT['200'], data: { path: '/cloudSteward/index', from: 'sms', n: 3 } },
    });
    expect((await lookup('key=gift&system_type=ios&project=production')).body.data).toEqual({ path: '/download' });
    expect((await lookup('key=gift&system_type=h5&project=staging')).body.data).toEqual({ path: '/nfc' });
    // project defaults to production (SPEC §7).
    expect((await lookup('key=gift&system_type=ios')).body.data).toEqual({ path: '/download' });
  });

  it('answers code 404 for a key unknown for that system type or project, as HTTP 200', async () => {
    for (const query of [
      'key=nope&system_type=android&project=production',
      'key=gift&system_type=h5&project=production',
      'key=gift&system_type=android&project=staging',
    ]) {
      expect(await lookup(query), query).toEqual({ status: 200, cacheControl: 'no-store', body: { code: '404', msg: CODE_TEXT['404'] } });
    }
  });

  it('answers 400/4009 for missing, malformed, repeated or extra parameters', async () => {
    const bad = [
      '',
      'system_type=android',
      'key=gift',
      'key=gift&system_type=windows',
      'key=gi ft&system_type=ios',
      `key=${'k'.repeat(65)}&system_type=ios`,
      'key=gift&system_type=ios&project=pro/duction',
      'key=gift&key=other&system_type=ios',
      'key=gift&system_type=ios&extra=1',
    ];
    for (const query of bad) {
      const { status, body } = await lookup(query);
      expect(status, query).toBe(200);
      expect(body, query).toEqual({ code: '400', subcode: '4009', msg: CODE_TEXT['400'], submsg: CODE_TEXT['4009'] });
    }
  });

  it('is a GET only: a POST is not a route', async () => {
    const response = await fetch(`${t.baseUrl}${DEEP_LINK_PATH}?key=gift&system_type=ios`, { method: 'POST' });
    expect(response.status).toBe(404);
  });
});
