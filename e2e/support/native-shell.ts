// A simulated native app shell for e2e specs: the app's user agents (set on the browser
// context) and an init script that installs a fake bridge speaking the protocol of docs/bridge.md.
// The fake records every message it receives, so a spec can read them with readNativeCalls(page),
// and answers like a real shell would.
import { NATIVE_APP_MARKERS } from '@tyd/protocol';
import type { Page } from 'playwright-core';

/** The app webviews' user agents: a system webview agent plus the app marker (SPEC §6). */
export const APP_USER_AGENTS = {
  iosZhongduoduo: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 zhongduoduo/5.2.0',
  androidZhongduoduo:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/UD1A.230803.041; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/126.0.0.0 Mobile Safari/537.36 zhongduoduo/5.2.0',
  androidPlanner:
    'Mozilla/5.0 (Linux; Android 13; M2012K11AC Build/TKQ1.220829.002; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/120.0.0.0 Mobile Safari/537.36 planner/3.1.0',
} as const;

/** A WeChat in-app browser (for the /download hint). */
export const WECHAT_USER_AGENT =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/UD1A.230803.041; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/126.0.0.0 Mobile Safari/537.36 MicroMessenger/8.0.47.2560(0x28002F30) NetType/WIFI Language/zh_CN';

export interface NativeCall {
  id: string;
  method: string;
  params: unknown;
}

export interface NativeShellOptions {
  /** 'ios' posts through window.webkit.messageHandlers, 'android' through window.tydBridge (also Flutter). */
  platform?: 'ios' | 'android';
  /** What getAppInfo answers. */
  appInfo?: { token: string; phone: string; allDeviceInfo: unknown; agreementVer: string; appVer: string };
  /** Methods the fake never answers (to exercise bridge timeouts). */
  silentMethods?: string[];
  /**
   * The token the app's login window produces: on openWin {page:'login'} the fake app logs the user in
   * (getAppInfo answers this token from then on) and shows the webview again (visibilitychange). Without
   * it, the window asks the journey for one (window.__e2eAppLogin, e2e/support/sign-in.ts signInThroughApp).
   */
  loginToken?: string;
  /** Safe-area insets in px the shell injects as CSS variables (docs/bridge.md "Safe area"). */
  safeArea?: { top: number; right: number; bottom: number; left: number };
  /**
   * What getNfcAntennaInfo answers (docs/bridge.md; an Android 14 shell reading NfcAdapter.getNfcAntennaInfo()),
   * null for a phone without the information. Without it the fake does not know the method, like an older shell.
   */
  nfcAntennaInfo?: { deviceWidth: number; deviceHeight: number; deviceFoldable: boolean; antennas: Array<{ locationX: number; locationY: number }> } | null;
  /** The app's own care mode and theme, set at document start (docs/bridge.md "Display settings"). */
  displaySettings?: { careMode?: boolean; theme?: 'light' | 'dark' };
}

export const DEFAULT_APP_INFO = {
  token: '',
  phone: '',
  allDeviceInfo: { brand: 'Google', model: 'Pixel 8', os: 'Android 14' },
  agreementVer: '7',
  appVer: '5.2.0',
};

/** The init script (a string for newMobileContext's initScripts / context.addInitScript). */
export function nativeShellScript(opts: NativeShellOptions = {}): string {
  const config = {
    platform: opts.platform ?? 'android',
    appInfo: opts.appInfo ?? DEFAULT_APP_INFO,
    silent: opts.silentMethods ?? [],
    safeArea: opts.safeArea ?? null,
    loginToken: opts.loginToken ?? null,
    nfcAntennaInfo: opts.nfcAntennaInfo,
    displaySettings: opts.displaySettings ?? null,
  };
  return `(() => {
  const config = ${JSON.stringify(config)};
  const calls = [];
  const answers = {
    getAppInfo: () => config.appInfo,
    openWin: () => true,
    logEvent: () => true,
    getSensorsData: () => ({ distinct_id: 'e2e-device', platform_type: 'H5' }),
    hiddenStatusBarAndTitleBar: () => true,
    setTitle: () => true,
    share: () => true,
  };
  if (config.nfcAntennaInfo !== undefined) answers.getNfcAntennaInfo = () => config.nfcAntennaInfo;
  function handle(text) {
    const message = JSON.parse(text);
    calls.push(message);
    if (config.silent.includes(message.method)) return;
    const answer = answers[message.method];
    // Native answers asynchronously, by calling the page's receive function with a JSON string.
    setTimeout(() => {
      const reply = answer ? { id: message.id, result: answer(message.params) } : { id: message.id, error: { message: 'unknown method ' + message.method } };
      window.tydBridgeReceive(JSON.stringify(reply));
      if (message.method === 'openWin' && message.params && message.params.page === 'login') {
        // The user logs in inside the app's window (a token given up front, or one the journey makes when
        // the window opens: signInThroughApp); when it closes, the webview is shown again.
        const login = config.loginToken ? Promise.resolve(config.loginToken) : typeof window.__e2eAppLogin === 'function' ? window.__e2eAppLogin() : Promise.resolve(null);
        login.then((token) => {
          if (!token) return;
          setTimeout(() => {
            config.appInfo = { ...config.appInfo, token };
            document.dispatchEvent(new Event('visibilitychange'));
          }, 50);
        });
      }
    }, 5);
  }
  const target = { postMessage: handle };
  if (config.platform === 'ios') window.webkit = { messageHandlers: { tydBridge: target } };
  else window.tydBridge = target;
  window.__nativeShell = { calls };
  if (config.displaySettings) window.tydDisplaySettings = config.displaySettings;
  if (config.safeArea) {
    const apply = () => {
      const s = document.documentElement.style;
      s.setProperty('--tyd-safe-top', config.safeArea.top + 'px');
      s.setProperty('--tyd-safe-right', config.safeArea.right + 'px');
      s.setProperty('--tyd-safe-bottom', config.safeArea.bottom + 'px');
      s.setProperty('--tyd-safe-left', config.safeArea.left + 'px');
    };
    if (document.documentElement) apply();
    else document.addEventListener('DOMContentLoaded', apply);
  }
})();`;
}

/** Every message the fake shell received on this page, in order. */
export async function readNativeCalls(page: Page): Promise<NativeCall[]> {
  return page.evaluate(() => (window as unknown as { __nativeShell?: { calls: NativeCall[] } }).__nativeShell?.calls ?? []);
}

/** Whether `page` runs as the app's webview (its user agent carries a native marker, SPEC §6). */
export async function runsInApp(page: Page): Promise<boolean> {
  const agent = (await page.evaluate(() => navigator.userAgent)).toLowerCase();
  return NATIVE_APP_MARKERS.some((marker) => agent.includes(marker));
}
