// Environment detection by user agent (SPEC §6): inside the native app (its webview adds a
// `planner` or `zhongduoduo` marker to the user agent), which app, and the phone's OS.

export type NativeApp = 'zhongduoduo' | 'planner';
export type Os = 'android' | 'ios' | 'other';

export interface ClientEnv {
  /** Embedded in one of the native apps' webviews. */
  inApp: boolean;
  app: NativeApp | null;
  /** The zhongduoduo app specifically (SPEC §6). */
  isZhongduoduo: boolean;
  os: Os;
  isAndroid: boolean;
  isIos: boolean;
  /** WeChat's in-app browser cannot open app download links (/download). */
  isWeChat: boolean;
}

export function detectEnv(userAgent: string): ClientEnv {
  const ua = userAgent.toLowerCase();
  const app: NativeApp | null = ua.includes('zhongduoduo') ? 'zhongduoduo' : ua.includes('planner') ? 'planner' : null;
  const isAndroid = ua.includes('android');
  // iPadOS 13+ reports a desktop Safari agent; the "mobile/" token still marks the webview.
  const isIos = /iphone|ipad|ipod/.test(ua) || (ua.includes('macintosh') && ua.includes('mobile/'));
  return {
    inApp: app !== null,
    app,
    isZhongduoduo: app === 'zhongduoduo',
    os: isAndroid ? 'android' : isIos ? 'ios' : 'other',
    isAndroid,
    isIos,
    isWeChat: ua.includes('micromessenger'),
  };
}

let cached: ClientEnv | undefined;
/** The environment of this page; the user agent does not change while a page lives. */
export function clientEnv(): ClientEnv {
  cached ??= detectEnv(navigator.userAgent);
  return cached;
}
