// What a session's device is, as its owner reads it in 登录设备管理 and 登录记录 (docs/api.md "Account
// security"): model and system, app or browser. Read from the user agent with ua-parser-js 1.x (MIT; the 2.x
// line is AGPL) and from x-client-info (docs/protocol.md §2: {platform, os, inApp, app}); a native client is
// known by its app id. Both headers are the client's word, so what is kept is short, printable text shown as
// text, never trusted for anything else. The raw user agent is not kept.
import { APP_IDS, type ClientKind } from '@tyd/protocol';
import UAParser from 'ua-parser-js';

export interface DeviceDescription {
  /** "小米 23127PN0CC · Android 14", "iPhone · iOS 17.4", "Windows 10", "Android 设备". */
  device: string;
  client: ClientKind;
  /** "通盈达App" or the browser's name. */
  clientName: string;
}

export const APP_CLIENT_NAME = '通盈达App';
export const UNKNOWN_DEVICE: DeviceDescription = { device: '未知设备', client: 'browser', clientName: '浏览器' };

// Brands as Chinese users call them; others keep the parser's name.
const VENDOR_NAMES: Readonly<Record<string, string>> = {
  Huawei: '华为',
  Honor: '荣耀',
  Xiaomi: '小米',
  Samsung: '三星',
  Meizu: '魅族',
  Lenovo: '联想',
  ZTE: '中兴',
  OnePlus: '一加',
};

const BROWSER_NAMES: Readonly<Record<string, string>> = {
  WeChat: '微信',
  'Mobile Safari': 'Safari',
  'Chrome WebView': 'WebView',
  'Chrome Mobile': 'Chrome',
  'MIUI Browser': '小米浏览器',
  'Huawei Browser': '华为浏览器',
  'Oppo Browser': 'OPPO浏览器',
  'Vivo Browser': 'vivo浏览器',
  UCBrowser: 'UC浏览器',
  QQBrowser: 'QQ浏览器',
  'QQBrowser Lite': 'QQ浏览器',
  QQ: 'QQ',
  Alipay: '支付宝',
  Baidu: '百度',
  Quark: '夸克',
  '360 Browser': '360浏览器',
  'Sogou Explorer': '搜狗浏览器',
  'Sogou Mobile': '搜狗浏览器',
  'Samsung Browser': '三星浏览器',
};

const NATIVE_APP_IDS: ReadonlySet<string> = new Set([APP_IDS.ios, APP_IDS.android]);
/** SPEC §6: the app's webview adds a planner or zhongduoduo marker to the user agent. */
const APP_MARKER = /planner|zhongduoduo/i;

/** Printable text of at most `max` characters: the headers are the client's, so nothing else is shown. */
function clean(text: string | undefined, max: number): string {
  return (text ?? '')
    .replace(/[^\p{L}\p{N} ._()+\-/·]/gu, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max)
    .trim();
}

interface ClientInfo {
  os?: unknown;
  inApp?: unknown;
}

function readClientInfo(header: string | undefined): ClientInfo {
  if (!header) return {};
  try {
    const parsed: unknown = JSON.parse(decodeURIComponent(header));
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as ClientInfo) : {};
  } catch {
    return {};
  }
}

const systemName = (os: { name?: string }) => (os.name === 'Mac OS' ? 'macOS' : (os.name ?? ''));

function systemOf(os: { name?: string; version?: string }): string {
  const name = systemName(os);
  if (!name) return '';
  // Windows NT versions are named by the parser ("10", "7"); others carry their own version.
  return clean(os.version ? `${name} ${os.version}` : name, 32);
}

const browserName = (browser: { name?: string }) => (browser.name ? (BROWSER_NAMES[browser.name] ?? clean(browser.name, 32)) : '');

/**
 * The browser's family for 新设备登录提醒 (sign-in-notices.ts): system and app or browser, coarse on purpose,
 * never versions or models ("Android Chrome", "iOS 微信", "iOS App"); the same parser as describeDevice.
 */
export function deviceFamily(userAgent: string | undefined): string {
  const ua = userAgent ?? '';
  const result = new UAParser(ua).getResult();
  const system = clean(systemName(result.os), 16) || '其他系统';
  const app = APP_MARKER.test(ua) ? 'App' : browserName(result.browser) || UNKNOWN_DEVICE.clientName;
  return `${system} ${app}`;
}

export function describeDevice(input: { userAgent: string | undefined; clientInfo: string | undefined; appId: string | undefined }): DeviceDescription {
  const ua = input.userAgent ?? '';
  const info = readClientInfo(input.clientInfo);
  const result = new UAParser(ua).getResult();
  const inApp = NATIVE_APP_IDS.has(input.appId ?? '') || info.inApp === true || APP_MARKER.test(ua);

  const system = systemOf(result.os);
  const vendor = result.device.vendor ? (VENDOR_NAMES[result.device.vendor] ?? result.device.vendor) : '';
  const model = clean(result.device.model, 40);
  const hardware = model
    ? vendor && !model.toLowerCase().startsWith(vendor.toLowerCase()) && vendor !== 'Apple'
      ? `${clean(vendor, 16)} ${model}`
      : model
    : '';
  const fallbackSystem = info.os === 'android' ? 'Android 设备' : info.os === 'ios' ? 'iOS 设备' : '';
  const device = clean([hardware, system].filter(Boolean).join(' · ') || fallbackSystem, 80) || UNKNOWN_DEVICE.device;

  if (inApp) return { device, client: 'app', clientName: APP_CLIENT_NAME };
  return { device, client: 'browser', clientName: browserName(result.browser) || UNKNOWN_DEVICE.clientName };
}
