// The two readings of a user agent (docs/api.md "Account security"): the device as 登录设备管理 shows it, and
// the coarse family 新设备登录提醒 keys on. One parser for both, so they never disagree on what a browser is.
import { describe, expect, it } from 'vitest';
import { describeDevice, deviceFamily } from './device-description.js';

const XIAOMI_CHROME =
  'Mozilla/5.0 (Linux; Android 14; 23127PN0CC Build/UKQ1.230804.001) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/118.0.0.0 Mobile Safari/537.36';
const IPHONE_WECHAT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN';
const IPHONE_IN_APP = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 planner/5.2.0';
const IPHONE_SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const WINDOWS_EDGE = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.0.0';

describe('deviceFamily', () => {
  it('names the system and the app or browser, never versions or models', () => {
    expect(deviceFamily(XIAOMI_CHROME)).toBe('Android Chrome');
    expect(deviceFamily(IPHONE_WECHAT)).toBe('iOS 微信');
    expect(deviceFamily(IPHONE_IN_APP)).toBe('iOS App');
    expect(deviceFamily(IPHONE_SAFARI)).toBe('iOS Safari');
    expect(deviceFamily(WINDOWS_EDGE)).toBe('Windows Edge');
    expect(deviceFamily(undefined)).toBe('其他系统 浏览器');
    expect(deviceFamily('<script>')).toBe('其他系统 浏览器');
  });

  it('agrees with the device description on the browser', () => {
    for (const ua of [XIAOMI_CHROME, IPHONE_WECHAT, IPHONE_SAFARI, WINDOWS_EDGE]) {
      const { clientName } = describeDevice({ userAgent: ua, clientInfo: undefined, appId: undefined });
      expect(deviceFamily(ua).endsWith(` ${clientName}`), ua).toBe(true);
    }
  });
});
