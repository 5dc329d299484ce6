// Typed errors carrying a code (STYLE.md "Errors"): thrown anywhere, turned into the one response shape
// by the one error handler (plugins/error-handler.ts). Texts come from the protocol's CODE_TEXT table.
import { errorResponse, type ApiResponse, type Code, type Subcode } from '@tyd/protocol';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly code: Code;
  readonly subcode: Subcode | undefined;
  readonly data: unknown;
  /**
   * 200 unless said otherwise. The client reads `code` only from 2xx answers (SPEC §7: 200-299 is success;
   * other statuses get generic texts, SPEC §8), so every answer it must act on (401 -> login, 4001 -> clock
   * offset, a toast with submsg) is HTTP 200. Only answers whose generic text is right keep another status:
   * unknown endpoint 404 (服务不存在), body too large 413, server fault 500.
   */
  readonly httpStatus: number;

  constructor(code: Code, subcode?: Subcode, opts: { data?: unknown; detail?: string; cause?: unknown; httpStatus?: number } = {}) {
    super(opts.detail ?? `${code}${subcode ? `/${subcode}` : ''}`, { cause: opts.cause });
    this.code = code;
    this.subcode = subcode;
    this.data = opts.data;
    this.httpStatus = opts.httpStatus ?? 200;
  }

  toResponse(): ApiResponse {
    const response: ApiResponse = errorResponse(this.code, this.subcode);
    return this.data === undefined ? response : { ...response, data: this.data };
  }
}
