// The native bridge (SPEC §6, §7; contract for native teams: docs/bridge.md). One asynchronous
// JSON message protocol that every shell can implement:
//   page -> native: a JSON string {"id","method","params"} posted to the handler named
//     BRIDGE_NAME: iOS WKScriptMessageHandler  window.webkit.messageHandlers.tydBridge.postMessage(s)
//                  Android addWebMessageListener / addJavascriptInterface, Flutter JavaScriptChannel:
//                  window.tydBridge.postMessage(s)
//   native -> page: window.tydBridgeReceive({"id","result"} | {"id","error":{"message"}}), object or JSON string.
// Every call times out. Outside the app each method has a web behaviour instead.
import { clientEnv } from './env';
import { pageSafeAddress } from './safe-address';

export const BRIDGE_NAME = 'tydBridge';
export const RECEIVE_NAME = 'tydBridgeReceive';
/** A shell that does not answer within this time is treated as absent for that call. */
export const BRIDGE_TIMEOUT_MS = 5_000;

/** SPEC §3: the native app info object. */
export interface AppInfo {
  token: string;
  phone: string;
  allDeviceInfo: Record<string, unknown> | string;
  agreementVer: string;
  appVer: string;
}

export interface BridgeMessage {
  id: string;
  method: string;
  params: unknown;
}

export interface BridgeReply {
  id: string;
  result?: unknown;
  error?: { message?: string };
}

export class BridgeError extends Error {
  override name = 'BridgeError';
  constructor(
    readonly reason: 'unavailable' | 'timeout' | 'native',
    message: string,
  ) {
    super(message);
  }
}

interface PostTarget {
  postMessage(message: string): void;
}
interface BridgeWindow {
  webkit?: { messageHandlers?: Record<string, PostTarget | undefined> };
  [BRIDGE_NAME]?: PostTarget;
  [RECEIVE_NAME]?: (reply: BridgeReply | string) => void;
}

const pending = new Map<string, { resolve: (value: unknown) => void; reject: (error: Error) => void; timer: ReturnType<typeof setTimeout> }>();
let seq = 0;

function bridgeWindow(): BridgeWindow {
  return window as unknown as BridgeWindow;
}

function postTarget(): PostTarget | undefined {
  const w = bridgeWindow();
  return w.webkit?.messageHandlers?.[BRIDGE_NAME] ?? w[BRIDGE_NAME];
}

/** Native calls this with the answer to one message. Unknown or late ids are ignored. */
function receive(raw: BridgeReply | string): void {
  let reply: BridgeReply;
  try {
    reply = typeof raw === 'string' ? (JSON.parse(raw) as BridgeReply) : raw;
  } catch {
    console.warn('bridge: unreadable reply');
    return;
  }
  const call = reply && pending.get(reply.id);
  if (!call) return;
  pending.delete(reply.id);
  clearTimeout(call.timer);
  if (reply.error) call.reject(new BridgeError('native', reply.error.message || 'native error'));
  else call.resolve(reply.result);
}

/** Installs the receive function; idempotent. */
export function installBridge(): void {
  bridgeWindow()[RECEIVE_NAME] = receive;
}

/** True when a native handler is present to post to. */
export function bridgeAvailable(): boolean {
  return postTarget() !== undefined;
}

/** Sends one message and waits for the native answer; rejects when no shell or no answer in time. */
export function callNative<T = unknown>(method: string, params: unknown = {}, timeoutMs = BRIDGE_TIMEOUT_MS): Promise<T> {
  installBridge();
  const target = postTarget();
  if (!target) return Promise.reject(new BridgeError('unavailable', 'no native bridge'));
  const id = `${Date.now().toString(36)}-${(seq++).toString(36)}`;
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      pending.delete(id);
      reject(new BridgeError('timeout', `bridge ${method} timed out`));
    }, timeoutMs);
    pending.set(id, { resolve: resolve as (value: unknown) => void, reject, timer });
    try {
      target.postMessage(JSON.stringify({ id, method, params } satisfies BridgeMessage));
    } catch (error) {
      clearTimeout(timer);
      pending.delete(id);
      reject(new BridgeError('unavailable', error instanceof Error ? error.message : 'postMessage failed'));
    }
  });
}

function inApp(): boolean {
  return clientEnv().inApp && bridgeAvailable();
}

/** The app's info (SPEC §3); null outside the app. */
export async function getAppInfo(): Promise<AppInfo | null> {
  if (!inApp()) return null;
  return callNative<AppInfo>('getAppInfo');
}

/** `login`: the app's login (SPEC §4); `loan`: the app's borrowing page, where coupons are used (docs/bridge.md §3). */
export type OpenWinParams = { page: 'login' | 'loan' } | { url: string; title?: string };

/**
 * Opens a native window: the native login (SPEC §4 on code 401) or a URL in a new webview.
 * Outside the app a URL opens in this tab; the login page is the web router's job, so the
 * call resolves false and the caller navigates. A URL must pass the page's address check
 * (lib/safe-address.ts: this origin or a partner origin): a window the app opens carries the app's
 * own frame, so a foreign page there would borrow its trust. Anything else resolves false.
 */
export async function openWin(params: OpenWinParams): Promise<boolean> {
  let request = params;
  if ('url' in params) {
    const target = pageSafeAddress(params.url);
    if (!target) {
      console.warn('openWin refused: address outside this origin and the partner origins');
      return false;
    }
    request = { ...params, url: target.href ?? new URL(target.path, window.location.origin).href };
  }
  if (inApp()) {
    await callNative('openWin', request);
    return true;
  }
  if ('url' in request) {
    window.location.assign(request.url);
    return true;
  }
  return false;
}

/** An analytics event recorded by the app's SDK (SPEC §3 event fields); outside the app, nothing. */
export async function logEvent(event: Record<string, unknown>): Promise<void> {
  if (!inApp()) return;
  await callNative('logEvent', event);
}

/** The app analytics SDK's shared properties (distinct id etc.); null outside the app. */
export async function getSensorsData(): Promise<Record<string, unknown> | null> {
  if (!inApp()) return null;
  return callNative<Record<string, unknown>>('getSensorsData');
}

/** Hides the app's status and title bar for full-screen pages; outside the app there is none. */
export async function hiddenStatusBarAndTitleBar(hidden: boolean): Promise<void> {
  if (!inApp()) return;
  await callNative('hiddenStatusBarAndTitleBar', { hidden });
}

/** Sends the page title to the app's title bar (SPEC §2); outside the app document.title is it. */
export async function setTitle(title: string): Promise<void> {
  if (!inApp()) return;
  await callNative('setTitle', { title });
}

export interface ShareParams {
  title: string;
  /** An absolute https address of this site. */
  url: string;
  summary?: string;
}

/** Opens the app's share sheet (docs/bridge.md "share"); outside the app there is none. */
export async function share(params: ShareParams): Promise<boolean> {
  if (!inApp()) return false;
  return (await callNative<boolean>('share', params)) === true;
}

/**
 * Where this phone's NFC antenna is, as the shell reads it from Android 14's NfcAdapter.getNfcAntennaInfo()
 * (docs/bridge.md "getNfcAntennaInfo"): the device's size and each antenna's position, in millimetres from
 * the top-left corner as the user faces the screen in portrait (for foldables: fully unfolded).
 */
export interface NfcAntennaInfo {
  deviceWidth: number;
  deviceHeight: number;
  deviceFoldable: boolean;
  antennas: Array<{ locationX: number; locationY: number }>;
}

/** The /nfc page falls back to the table after this (the shell reads a system value; no user is asked). */
export const NFC_ANTENNA_TIMEOUT_MS = 2_000;

const millimetres = (value: unknown, max: number): value is number => typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= max;

/** A shell's answer as NfcAntennaInfo, or null when it is not one a page can draw (any field missing or off the device). */
export function readNfcAntennaInfo(answer: unknown): NfcAntennaInfo | null {
  if (typeof answer !== 'object' || answer === null) return null;
  const { deviceWidth, deviceHeight, deviceFoldable, antennas } = answer as Record<string, unknown>;
  // A phone (folded out or not) is a few centimetres to a few decimetres across.
  if (!millimetres(deviceWidth, 400) || !millimetres(deviceHeight, 400) || deviceWidth < 20 || deviceHeight < 20) return null;
  if (!Array.isArray(antennas) || antennas.length === 0 || antennas.length > 8) return null;
  const read: NfcAntennaInfo['antennas'] = [];
  for (const antenna of antennas as unknown[]) {
    const { locationX, locationY } = (typeof antenna === 'object' && antenna !== null ? antenna : {}) as Record<string, unknown>;
    if (!millimetres(locationX, deviceWidth) || !millimetres(locationY, deviceHeight)) return null;
    read.push({ locationX, locationY });
  }
  return { deviceWidth, deviceHeight, deviceFoldable: deviceFoldable === true, antennas: read };
}

/**
 * The phone's own NFC antenna positions (docs/bridge.md "getNfcAntennaInfo"); null outside the app, and when
 * the shell answers null (no NFC, or Android before 14) or something unreadable. Rejects when the shell does
 * not know the method, fails or does not answer in NFC_ANTENNA_TIMEOUT_MS: the page then shows the table.
 */
export async function getNfcAntennaInfo(): Promise<NfcAntennaInfo | null> {
  if (!inApp()) return null;
  return readNfcAntennaInfo(await callNative('getNfcAntennaInfo', {}, NFC_ANTENNA_TIMEOUT_MS));
}
