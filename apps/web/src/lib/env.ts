// Environment detection by user agent (SPEC §6): inside the native app (its webview adds a
// `planner` or `zhongduoduo` marker to the user agent), which app, and the phone's OS.
import { useSyncExternalStore } from 'react';
import { NATIVE_APP_MARKERS } from '@tyd/protocol/wire';

export type NativeApp = (typeof NATIVE_APP_MARKERS)[number];
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
  const app: NativeApp | null = NATIVE_APP_MARKERS.find((marker) => ua.includes(marker)) ?? null;
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

/** What the build-time prerender assumes: a plain browser of no particular system (lib/hydration.ts). */
const PRERENDER_ENV = detectEnv('');
const subscribeNever = () => () => {};
const prerenderEnv = () => PRERENDER_ENV;

/** clientEnv() for rendering: the prerender's plain browser while hydrating, then this page's environment. */
export function useClientEnv(): ClientEnv {
  return useSyncExternalStore(subscribeNever, clientEnv, prerenderEnv);
}
