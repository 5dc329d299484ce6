// Response shape, codes, subcodes and their Chinese texts: the one table STYLE.md "Errors" asks for.
// Exact user-facing strings come from SPEC §5 and §8.
import { ProtocolTypeError } from './protocol-type-error.js';

/** The one response shape everywhere (SPEC §7: fields read are code, subcode, msg, submsg, data). */
export interface ApiResponse<T = unknown> {
  code: string;
  subcode?: string;
  msg: string;
  submsg?: string;
  data?: T;
}

/** Response codes (strings on the wire). */
export const CODE = {
  OK: '200',
  BAD_REQUEST: '400',
  UNAUTHORIZED: '401',
  FORBIDDEN: '403',
  NOT_FOUND: '404',
  /** SMS cooldown or a challenge; data carries the details (SPEC §7 "code '200' or '406' returns data"). */
  RETRY_LATER: '406',
  CONFLICT: '409',
  PAYLOAD_TOO_LARGE: '413',
  TOO_MANY_REQUESTS: '429',
  /** The client shows nothing (SPEC §8). */
  SILENT: '480',
  SERVER_BUSY: '500',
  UPSTREAM_FAILED: '502',
} as const;
export type Code = (typeof CODE)[keyof typeof CODE];

/** Subcodes refine a code; the protocol layer's failures are all 40xx. */
export const SUBCODE = {
  /** Sent with the x-server-time header; the client stores the offset and reloads (SPEC §4). */
  CLOCK_SKEW: '4001',
  REPLAY: '4002',
  BAD_SIGNATURE: '4003',
  UNKNOWN_APP: '4004',
  /** Malformed body, base64 or envelope layout, or an unknown suite. */
  BAD_ENVELOPE: '4005',
  DECRYPT_FAILED: '4006',
  UNKNOWN_KEY: '4007',
  XSRF: '4008',
  /** The decrypted payload failed its endpoint schema. */
  BAD_PAYLOAD: '4009',
  /** A required header is missing or malformed. */
  BAD_HEADERS: '4010',
  SESSION_EXPIRED: '4011',
} as const;
export type Subcode = (typeof SUBCODE)[keyof typeof SUBCODE];

/** Client-side error texts, exact (SPEC §5, §8). */
export const ERROR_TEXT = {
  /** HTTP 5xx and an invalid response format (SPEC §5, §8). */
  serverBusy: '服务器繁忙，请稍后重试',
  /** The rejection reason when a response has no code field (SPEC §5). */
  badFormat: '接口数据格式错误',
  /** HTTP 404 (SPEC §8). */
  notFound: '服务不存在',
  /** Other HTTP errors (SPEC §8). */
  networkBusy: '网络繁忙，请稍后重试',
  /** Timeout (SPEC §8). */
  timeout: '网络超时，请稍后重试',
  /** Network Error (SPEC §8). */
  networkError: '网络连接异常，请稍后重试',
} as const;

/**
 * Chinese message of every code (for msg) and subcode (for submsg), in one table.
 * The web shows submsg, else msg, on failure (SPEC §8), so subcode texts are user-facing too.
 */
export const CODE_TEXT: Readonly<Record<Code | Subcode, string>> = {
  '200': '成功',
  '400': '请求参数错误',
  '401': '登录已失效，请重新登录',
  '403': '无权访问',
  '404': ERROR_TEXT.notFound,
  '406': '操作过于频繁，请稍后再试',
  '409': '请求冲突，请刷新后重试',
  '413': '请求数据过大',
  '429': '请求过于频繁，请稍后重试',
  '480': '操作未完成',
  '500': ERROR_TEXT.serverBusy,
  '502': '服务暂时不可用，请稍后重试',
  '4001': '手机时间与标准时间不一致，已为您校准',
  '4002': '请求已失效，请重试',
  '4003': '请求签名错误',
  '4004': '未知的应用',
  '4005': '请求数据格式错误',
  '4006': '请求数据解密失败',
  '4007': '密钥已更新，请刷新页面后重试',
  '4008': '页面已过期，请重试',
  '4009': '请求参数错误',
  '4010': '请求头缺失或格式错误',
  '4011': '登录已失效，请重新登录',
};

const CODES: ReadonlySet<string> = new Set(Object.values(CODE));
const SUBCODES: ReadonlySet<string> = new Set(Object.values(SUBCODE));

export function isCode(value: unknown): value is Code {
  return typeof value === 'string' && CODES.has(value);
}

export function isSubcode(value: unknown): value is Subcode {
  return typeof value === 'string' && SUBCODES.has(value);
}

/** An error answer with the table's texts: msg from the code, submsg from the subcode when there is one. */
export function errorResponse(code: Code, subcode?: Subcode): ApiResponse<never> {
  if (!isCode(code)) throw new ProtocolTypeError('code', 'expected a code of CODE');
  if (subcode !== undefined && !isSubcode(subcode)) throw new ProtocolTypeError('subcode', 'expected a subcode of SUBCODE');
  return subcode === undefined
    ? { code, msg: CODE_TEXT[code] }
    : { code, subcode, msg: CODE_TEXT[code], submsg: CODE_TEXT[subcode] };
}

/**
 * True when `value` has the ApiResponse shape: string code and msg, and subcode/submsg strings when present.
 * SPEC §5: a response without a code field is an invalid format.
 */
export function isApiResponse(value: unknown): value is ApiResponse {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const r = value as Record<string, unknown>;
  return (
    typeof r.code === 'string' &&
    typeof r.msg === 'string' &&
    (r.subcode === undefined || typeof r.subcode === 'string') &&
    (r.submsg === undefined || typeof r.submsg === 'string')
  );
}
