// Typed errors of the API client (STYLE.md "Errors": the client maps codes to error classes).
// `message` is always a text fit to show a user (SPEC §5, §8), never anything internal.
import { CODE, ERROR_TEXT, type ApiResponse } from '@tyd/protocol/wire';
import { toast } from './notify';

/** The server answered with a code other than 200. */
export class ApiCodeError extends Error {
  override name = 'ApiCodeError';
  readonly code: string;
  readonly subcode: string | undefined;
  readonly response: ApiResponse;
  constructor(response: ApiResponse) {
    super(response.submsg || response.msg);
    this.code = response.code;
    this.subcode = response.subcode;
    this.response = response;
  }
  /** Code 480: the client shows nothing (SPEC §8). */
  get silent(): boolean {
    return this.code === CODE.SILENT;
  }
}

export type TransportFailure = 'http' | 'timeout' | 'network' | 'format' | 'config';

/** No usable answer: HTTP error, timeout, network error, invalid format (SPEC §5, §8), or no config. */
export class TransportError extends Error {
  override name = 'TransportError';
  constructor(
    readonly failure: TransportFailure,
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

/** SPEC §8: HTTP 5xx -> 服务器繁忙, 404 -> 服务不存在, anything else -> 网络繁忙. */
export function httpErrorText(status: number): string {
  if (status >= 500 && status <= 599) return ERROR_TEXT.serverBusy;
  if (status === 404) return ERROR_TEXT.notFound;
  return ERROR_TEXT.networkBusy;
}

/**
 * The server says what was asked for does not exist (code 404: a notice, an article, a message taken down
 * or never there). Asking again cannot bring it back, so a page says so and offers a way on, not 重新加载.
 */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiCodeError && error.code === CODE.NOT_FOUND;
}

/** A text for any error a page catches, without leaking internals. */
export function userMessage(error: unknown): string {
  if (error instanceof ApiCodeError || error instanceof TransportError) return error.message;
  return ERROR_TEXT.networkBusy;
}

/**
 * After a user call failed: a TransportError, and an ApiCodeError (the server's code), have already been
 * toasted by the client (lib/api-client.ts; a call that asked it not to shows its own words); anything
 * else (the call's lazily loaded chunk did not arrive) is a connection problem to the user.
 */
export function reportCallFailure(error: unknown): void {
  if (!(error instanceof TransportError) && !(error instanceof ApiCodeError)) toast(ERROR_TEXT.networkError, 'fail');
}

/** `action` with its failures reported to the user (reportCallFailure) and passed on, for useMutation. */
export function reportingFailures<A, T>(action: (args: A) => Promise<T>): (args: A) => Promise<T> {
  return async (args) => {
    try {
      return await action(args);
    } catch (failure) {
      reportCallFailure(failure);
      throw failure;
    }
  };
}
