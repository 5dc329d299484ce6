import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  BRIDGE_NAME,
  BridgeError,
  NFC_ANTENNA_TIMEOUT_MS,
  RECEIVE_NAME,
  callNative,
  getAppInfo,
  getNfcAntennaInfo,
  hiddenStatusBarAndTitleBar,
  logEvent,
  openWin,
  readNfcAntennaInfo,
  type BridgeMessage,
} from './native-bridge';

type W = Record<string, unknown>;
const w = window as unknown as W;
const posted: BridgeMessage[] = [];

function receive(reply: unknown) {
  (w[RECEIVE_NAME] as (r: unknown) => void)(reply);
}

/** An Android/Flutter-style handler object on window. */
function installAndroidHandler(answer?: (m: BridgeMessage) => unknown) {
  w[BRIDGE_NAME] = {
    postMessage(text: string) {
      const message = JSON.parse(text) as BridgeMessage;
      posted.push(message);
      if (answer) queueMicrotask(() => receive(JSON.stringify({ id: message.id, result: answer(message) })));
    },
  };
}

vi.mock('./env', () => ({ clientEnv: vi.fn(() => ({ inApp: true })) }));

beforeEach(() => {
  posted.length = 0;
});

afterEach(() => {
  delete w[BRIDGE_NAME];
  delete w.webkit;
  vi.useRealTimers();
});

describe('native bridge message protocol', () => {
  it('Android/Flutter: posts a JSON string {id, method, params} to window.tydBridge and resolves with the reply', async () => {
    installAndroidHandler((m) =>
      m.method === 'getAppInfo' ? { token: 't', phone: '138****5678', allDeviceInfo: {}, agreementVer: '3', appVer: '5.2.0' } : null,
    );
    await expect(getAppInfo()).resolves.toMatchObject({ appVer: '5.2.0' });
    expect(posted).toEqual([{ id: expect.any(String), method: 'getAppInfo', params: {} }]);
  });

  it('iOS: posts to window.webkit.messageHandlers.tydBridge; the reply may be an object', async () => {
    const received: string[] = [];
    w.webkit = { messageHandlers: { [BRIDGE_NAME]: { postMessage: (text: string) => received.push(text) } } };
    const pending = callNative('openWin', { page: 'login' });
    const message = JSON.parse(received[0]!) as BridgeMessage;
    expect(message).toMatchObject({ method: 'openWin', params: { page: 'login' } });
    receive({ id: message.id, result: true });
    await expect(pending).resolves.toBe(true);
  });

  it('a native error rejects; unknown ids are ignored', async () => {
    installAndroidHandler();
    const pending = callNative('logEvent', { en: 'x' });
    receive({ id: 'nope', result: 1 });
    receive({ id: posted[0]!.id, error: { message: 'denied' } });
    await expect(pending).rejects.toMatchObject({ reason: 'native', message: 'denied' });
  });

  it('times out when the shell does not answer', async () => {
    vi.useFakeTimers();
    installAndroidHandler();
    const pending = callNative('getSensorsData', {}, 1_000);
    vi.advanceTimersByTime(1_000);
    await expect(pending).rejects.toMatchObject({ reason: 'timeout' });
  });

  it('rejects at once when there is no handler', async () => {
    await expect(callNative('getAppInfo')).rejects.toBeInstanceOf(BridgeError);
  });
});

describe('outside the app (no handler)', () => {
  it('getAppInfo is null, logEvent and hiddenStatusBarAndTitleBar do nothing, openWin login is left to the web', async () => {
    await expect(getAppInfo()).resolves.toBeNull();
    await expect(logEvent({ en: 'x' })).resolves.toBeUndefined();
    await expect(hiddenStatusBarAndTitleBar(true)).resolves.toBeUndefined();
    await expect(openWin({ page: 'login' })).resolves.toBe(false);
    expect(posted).toEqual([]);
  });
});

describe('openWin addresses', () => {
  it('sends a same-origin path to the app as an absolute address of this origin', async () => {
    installAndroidHandler(() => true);
    await expect(openWin({ url: '/agreements/privacy', title: '隐私政策' })).resolves.toBe(true);
    expect(posted[0]).toMatchObject({ method: 'openWin', params: { url: `${window.location.origin}/agreements/privacy`, title: '隐私政策' } });
  });

  it.each(['https://evil.example/x', '/.//evil.example', '//evil.example', 'javascript:alert(1)', '/\t/evil.example'])(
    'refuses %j: nothing reaches the app, nothing is loaded',
    async (url) => {
      installAndroidHandler(() => true);
      const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
      await expect(openWin({ url })).resolves.toBe(false);
      expect(posted).toEqual([]);
      expect(assign).not.toHaveBeenCalled();
      assign.mockRestore();
    },
  );
});

describe('getNfcAntennaInfo (docs/bridge.md)', () => {
  const pixel = { deviceWidth: 72, deviceHeight: 152, deviceFoldable: false, antennas: [{ locationX: 36, locationY: 40 }] };

  it('asks the shell with {} and answers what it reports', async () => {
    installAndroidHandler((m) => (m.method === 'getNfcAntennaInfo' ? pixel : null));
    await expect(getNfcAntennaInfo()).resolves.toEqual(pixel);
    expect(posted).toEqual([{ id: expect.any(String), method: 'getNfcAntennaInfo', params: {} }]);
  });

  it('is null when the shell answers null (no NFC, Android before 14)', async () => {
    installAndroidHandler(() => null);
    await expect(getNfcAntennaInfo()).resolves.toBeNull();
  });

  it('rejects when the shell does not know the method, or after NFC_ANTENNA_TIMEOUT_MS without an answer', async () => {
    installAndroidHandler();
    const refused = getNfcAntennaInfo();
    receive({ id: posted[0]!.id, error: { message: 'unknown method getNfcAntennaInfo' } });
    await expect(refused).rejects.toMatchObject({ reason: 'native' });
    vi.useFakeTimers();
    const silent = getNfcAntennaInfo();
    vi.advanceTimersByTime(NFC_ANTENNA_TIMEOUT_MS);
    await expect(silent).rejects.toMatchObject({ reason: 'timeout' });
  });

  it('is null outside the app', async () => {
    await expect(getNfcAntennaInfo()).resolves.toBeNull();
    expect(posted).toEqual([]);
  });

  it('reads only answers a page can draw', () => {
    expect(readNfcAntennaInfo({ ...pixel, deviceFoldable: 'yes', extra: 1 })).toEqual(pixel);
    expect(
      readNfcAntennaInfo({
        ...pixel,
        antennas: [
          { locationX: 10, locationY: 20 },
          { locationX: 60, locationY: 140 },
        ],
      })?.antennas,
    ).toHaveLength(2);
    for (const bad of [
      null,
      'x',
      { ...pixel, antennas: [] },
      { ...pixel, antennas: [{ locationX: 80, locationY: 40 }] },
      { ...pixel, antennas: [{ locationX: 36, locationY: -1 }] },
      { ...pixel, antennas: [{ locationX: '36', locationY: 40 }] },
      { ...pixel, antennas: [null] },
      { ...pixel, deviceWidth: 0 },
      { ...pixel, deviceHeight: 1000 },
      { ...pixel, deviceWidth: Number.NaN },
      { ...pixel, antennas: undefined },
    ])
      expect(readNfcAntennaInfo(bad), JSON.stringify(bad)).toBeNull();
  });
});
