// getAppDownloadUrl over real HTTP through the real envelope: configured links, unset platforms, and a
// configuration that would publish a plain-http package refused at start.
import { CODE, getAppDownloadUrl } from '@tyd/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/config/index.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

describe('getAppDownloadUrl', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('answers the configured links without a session', async () => {
    t = await startTestApp({
      env: { APP_DOWNLOAD_ANDROID_URL: 'https://dl.example.com/tyd-4.0.1.apk', APP_DOWNLOAD_IOS_URL: 'https://apps.apple.com/cn/app/id1234567890' },
    });
    const client = await t.client();
    const result = await client.call(getAppDownloadUrl, {});
    expect(result.kind).toBe('sealed');
    expect(result.response).toMatchObject({
      code: CODE.OK,
      data: { androidUrl: 'https://dl.example.com/tyd-4.0.1.apk', iosUrl: 'https://apps.apple.com/cn/app/id1234567890' },
    });
  });

  it('answers null for a platform without a configured link', async () => {
    t = await startTestApp({ env: { APP_DOWNLOAD_IOS_URL: 'https://apps.apple.com/cn/app/id1234567890' } });
    const client = await t.client();
    const result = await client.call(getAppDownloadUrl, {});
    expect(result.response?.data).toEqual({ androidUrl: null, iosUrl: 'https://apps.apple.com/cn/app/id1234567890' });
  });

  it('rejects a payload with fields the endpoint does not take', async () => {
    t = await startTestApp();
    const client = await t.client();
    const result = await client.call(getAppDownloadUrl, { platform: 'android' }, { raw: true });
    expect(result.response?.code).toBe(CODE.BAD_REQUEST);
  });

  it('refuses to start with a plain-http or non-URL download link', () => {
    for (const value of ['http://dl.example.com/tyd.apk', 'javascript:alert(1)', 'dl.example.com/tyd.apk']) {
      expect(() => parseConfig({ NODE_ENV: 'test', APP_DOWNLOAD_ANDROID_URL: value })).toThrow(/APP_DOWNLOAD_ANDROID_URL/);
    }
  });
});
