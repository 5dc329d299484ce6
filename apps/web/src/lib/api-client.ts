// The API client (SPEC §7, §8): POST only under /tydApi, every payload sealed in the envelope
// and signed (api-transport.ts), and the error catalogue of SPEC §8 applied in one place. The 401
// behaviour is injected by the app (setUnauthorizedHandler), not hard-wired (STYLE.md "Errors").
// Every call names its endpoint by ref (API.checkLogin …, @tyd/protocol/wire): the payload and the
// answer are typed by the endpoint's schemas, so no caller restates them (docs/architecture.md "The typed call").
import {
  CLIENT_VERSION,
  CODE,
  ERROR_TEXT,
  REQUEST_TIMEOUT_MS,
  SUBCODE,
  type ApiResponse,
  type EndpointRef,
  type RefRequest,
  type RefResponse,
} from '@tyd/protocol/wire';
import { ApiCodeError, TransportError } from './api-errors';
import type * as Transport from './api-transport';
import { openLoading, toast } from './notify';
import { sessionStore, setClockOffset } from './session';
import { session as sessionStorage } from './storage';

/** SPEC §8: a timeout of a call made with this timeout is not toasted (its caller handles it). */
export const QUIET_TIMEOUT_MS = 11_000;
/** sessionStorage flag: a 4001 reload happened; a second 4001 right after must not reload again. */
export const CLOCK_RELOAD_KEY = 'tyd.clockReload';

export interface CallOptions {
  /** A user-initiated call: show the loading toast (true = default text) while it runs (SPEC §4). */
  loading?: boolean | string;
  /** Toast a failure answer (code not 200) with submsg else msg. Default true (SPEC §8). */
  toastErrors?: boolean;
  /**
   * The caller shows every failure in the page itself (a list's inline text with 重试): nothing is
   * toasted, transport failures included, so SPEC §8's text appears once, not twice.
   */
  inlineErrors?: boolean;
  /**
   * A check the person did not ask for and cannot act on (the consent-renewal status, home's notice
   * banner): nothing is toasted, transport failures included; the caller logs a failure and asks again
   * later. A toast about it would land on whatever page the person is reading.
   */
  background?: boolean;
  /** 'handle' (default) runs the app's 401 handler; 'ignore' leaves it to the caller (check-login). */
  unauthorized?: 'handle' | 'ignore';
  timeoutMs?: number;
  signal?: AbortSignal;
}

/**
 * The client configuration: the session's token and clock offset are mirrored here (SPEC §3
 * "kept in ... the HTTP client configuration"), and the native app version once the app told it.
 */
export interface ClientConfig {
  accessToken: string | null;
  clockOffset: number;
  /** x-ver: the native app's version inside the app, else the web client version (contract). */
  appVersion: string;
}

const config: ClientConfig = { accessToken: null, clockOffset: 0, appVersion: CLIENT_VERSION };
function syncFromSession() {
  const s = sessionStore.get();
  config.accessToken = s.accessToken;
  config.clockOffset = s.clockOffset;
}
syncFromSession();
sessionStore.subscribe(syncFromSession);

export function clientConfig(): Readonly<ClientConfig> {
  return config;
}

export function setAppVersion(version: string): void {
  config.appVersion = version || CLIENT_VERSION;
}

// Inside the app, calls wait until the app said its version (bounded by the bridge timeout), so
// x-ver is right from the first call.
let appVersionReady: Promise<unknown> = Promise.resolve();
export function waitForAppVersion(ready: Promise<unknown>): void {
  appVersionReady = ready.catch(() => undefined);
}

type UnauthorizedHandler = (response: ApiResponse) => void;
let unauthorizedHandler: UnauthorizedHandler = () => {};
export function setUnauthorizedHandler(handler: UnauthorizedHandler): void {
  unauthorizedHandler = handler;
}

/** Reloads the page; an object so tests can observe it. */
export const pageReload = { reload: (): void => window.location.reload() };

// Outstanding requests: rises on each request, falls on each response (SPEC §4), so page
// performance reporting can wait until it has stayed at zero.
let inFlight = 0;
const inFlightListeners = new Set<(count: number) => void>();
function setInFlight(count: number) {
  inFlight = count;
  for (const listener of inFlightListeners) listener(count);
}
export const requestCounter = {
  get: (): number => inFlight,
  subscribe(listener: (count: number) => void): () => void {
    inFlightListeners.add(listener);
    return () => void inFlightListeners.delete(listener);
  },
};

// The envelope and signing code (~4 KB gzip) is not needed to render a page, so it is a
// separate chunk loaded by the first call, or earlier at idle by warmApiTransport().
let transport: Promise<typeof Transport> | undefined;
function loadTransport() {
  transport ??= import('./api-transport').catch((error: unknown) => {
    transport = undefined;
    throw error;
  });
  return transport;
}

/** Fetches the transport chunk ahead of the first call (after the first render). */
export function warmApiTransport(): void {
  loadTransport().catch((error: unknown) => console.warn('api transport chunk failed to load', error));
}

async function send(ref: EndpointRef, payload: unknown, opts: CallOptions) {
  await appVersionReady;
  let mod;
  try {
    mod = await loadTransport();
  } catch {
    throw new TransportError('network', ERROR_TEXT.networkError);
  }
  return mod.send(ref.path, payload, { ...opts, timeoutMs: opts.timeoutMs ?? REQUEST_TIMEOUT_MS }, config);
}

/** Subcode 4001 (SPEC §4): store server time − local time and reload, once, never in a loop. */
function handleClockSkew(serverTime: string | null): boolean {
  const server = Number(serverTime);
  if (!serverTime || !Number.isFinite(server)) return false;
  setClockOffset(server - Date.now());
  if (sessionStorage.get(CLOCK_RELOAD_KEY)) return false;
  sessionStorage.set(CLOCK_RELOAD_KEY, '1');
  pageReload.reload();
  return true;
}

/**
 * Sends one call and applies the global answer handling; resolves with the answer whatever its
 * code (callers such as the SMS request read codes like 406 themselves), rejects with a
 * TransportError when there is no usable answer (already toasted unless quiet).
 */
export async function request<R extends EndpointRef>(ref: R, payload: RefRequest<R>, opts: CallOptions = {}): Promise<ApiResponse<RefResponse<R>>> {
  const closeLoading = opts.loading ? openLoading(typeof opts.loading === 'string' ? opts.loading : undefined) : undefined;
  setInFlight(inFlight + 1);
  try {
    let answer;
    try {
      answer = await send(ref, payload, opts);
    } catch (error) {
      if (error instanceof TransportError) {
        // SPEC §5: an invalid format shows 服务器繁忙 while the call rejects with 接口数据格式错误.
        const text = error.failure === 'format' ? ERROR_TEXT.serverBusy : error.message;
        const quiet = error.failure === 'timeout' && opts.timeoutMs === QUIET_TIMEOUT_MS;
        if (!quiet && !opts.inlineErrors && !opts.background) toast(text, 'fail');
      }
      throw error;
    }
    const { response, serverTime } = answer;
    if (response.subcode === SUBCODE.CLOCK_SKEW && handleClockSkew(serverTime)) {
      // The page is reloading; nothing else should react to this answer.
      return new Promise<never>(() => {});
    }
    if (response.subcode !== SUBCODE.CLOCK_SKEW) sessionStorage.remove(CLOCK_RELOAD_KEY);
    if (response.code !== CODE.OK && response.code !== CODE.SILENT && opts.toastErrors !== false && !opts.inlineErrors && !opts.background) {
      toast(response.submsg || response.msg, 'fail');
    }
    if (response.code === CODE.UNAUTHORIZED && opts.unauthorized !== 'ignore') unauthorizedHandler(response);
    // The answer's data is the endpoint's by contract: the server parses it with the response schema.
    return response as ApiResponse<RefResponse<R>>;
  } finally {
    setInFlight(inFlight - 1);
    closeLoading?.();
  }
}

/** Like request(), but resolves with `data` on code 200 and rejects with ApiCodeError otherwise. */
export async function call<R extends EndpointRef>(ref: R, payload: RefRequest<R>, opts?: CallOptions): Promise<RefResponse<R>> {
  const response = await request(ref, payload, opts);
  if (response.code !== CODE.OK) throw new ApiCodeError(response);
  return response.data as RefResponse<R>;
}
