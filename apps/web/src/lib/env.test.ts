import { describe, expect, it } from 'vitest';
import { detectEnv } from './env';

const ANDROID_CHROME = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
const IPHONE_SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const IPADOS = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

describe('detectEnv (SPEC §6)', () => {
  it('a plain Android browser is not in the app', () => {
    expect(detectEnv(ANDROID_CHROME)).toEqual({ inApp: false, app: null, isZhongduoduo: false, os: 'android', isAndroid: true, isIos: false, isWeChat: false });
  });

  it('the zhongduoduo marker means in the zhongduoduo app', () => {
    const env = detectEnv(`${IPHONE_SAFARI} zhongduoduo/5.2.0`);
    expect(env).toMatchObject({ inApp: true, app: 'zhongduoduo', isZhongduoduo: true, os: 'ios', isIos: true });
  });

  it('the planner marker means in the app, but not zhongduoduo', () => {
    expect(detectEnv(`${ANDROID_CHROME} Planner/3.1`)).toMatchObject({ inApp: true, app: 'planner', isZhongduoduo: false, os: 'android' });
  });

  it('iPadOS desktop-class agent is iOS; a desktop is other', () => {
    expect(detectEnv(IPADOS).os).toBe('ios');
    expect(detectEnv(DESKTOP)).toMatchObject({ os: 'other', inApp: false });
  });

  it('detects WeChat', () => {
    expect(detectEnv(`${ANDROID_CHROME} MicroMessenger/8.0.47`).isWeChat).toBe(true);
  });
});
