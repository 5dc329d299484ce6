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
  /** With 401: this session was ended from another device of the account (下线, docs/api.md "Account security"). */
  SIGNED_OUT_ELSEWHERE: '4012',
  // Account and SMS rules (docs/api.md), 42xx. The web shows submsg (SPEC §8); data carries details where noted.
  /** Not a mainland mobile number (1[3-9] + 9 digits). */
  PHONE_INVALID: '4201',
  /** Wrong SMS code; data {attemptsLeft}. */
  SMS_CODE_WRONG: '4202',
  /** No live code for this phone and purpose: expired, used, replaced by a newer one or dead after 5 wrong tries. */
  SMS_CODE_EXPIRED: '4203',
  /** Too many wrong codes for this phone: verification locked; data {retryAfterSeconds}. */
  SMS_VERIFY_LOCKED: '4204',
  /** Daily send cap of this phone reached; data {retryAfterSeconds}. */
  SMS_DAILY_LIMIT: '4205',
  /** Hourly send cap of this client address reached; data {retryAfterSeconds}. */
  SMS_RATE_LIMITED: '4206',
  /** A proof-of-work check is required first; data {reason:'human-check', challenge}. */
  HUMAN_CHECK_REQUIRED: '4207',
  /** The proof-of-work solution was wrong, expired or used; data carries a fresh challenge. */
  HUMAN_CHECK_FAILED: '4208',
  /** The SMS gateway failed or timed out. */
  SMS_SEND_FAILED: '4209',
  /** A new user must accept the current agreement and privacy policy (or the page showed an old version). */
  AGREEMENT_REQUIRED: '4210',
  INVITE_CODE_INVALID: '4211',
  INVITE_CODE_OWN: '4212',
  /** Authorised login: unknown or forged code. */
  AUTH_CODE_INVALID: '4213',
  AUTH_CODE_EXPIRED: '4214',
  AUTH_CODE_USED: '4215',
  /** The new phone number already belongs to another account. */
  PHONE_TAKEN: '4216',
  /** save-phone without a live verification of the current phone (verify-phone). */
  VERIFY_TICKET_INVALID: '4217',
  /**
   * With 403: the account is frozen by customer service (docs/api.md "Customer-service desk"): SMS login and
   * authorised login are refused, after the code proved possession, so the answer tells nobody else.
   */
  ACCOUNT_FROZEN: '4218',
  // Operators' enrolment links, 4261–4262 (docs/api.md "Operators").
  /** No live enrolment link by that token: never issued, used, replaced by a newer one or expired (one answer for all). */
  OPS_ENROLMENT_INVALID: '4261',
  /** The TOTP code does not match the secret shown on the enrolment page: nothing changed, the link stays usable. */
  OPS_ENROLMENT_CODE_WRONG: '4262',
  // 个人信息, 4241–4244 (docs/api.md "Personal information").
  /** The account has asked for PRIVACY_EXPORTS_PER_DAY copies of its data this China day; data {retryAfterSeconds}. */
  DATA_EXPORT_DAILY_LIMIT: '4241',
  /** No such export of this session: never made, or another account's or session's (the same answer for all). */
  DATA_EXPORT_NOT_FOUND: '4242',
  /** The export's lifetime (PRIVACY_EXPORT_TTL_MINUTES) has passed: ask again. */
  DATA_EXPORT_EXPIRED: '4243',
  /** The export was fetched already (each is handed out once): ask again. */
  DATA_EXPORT_USED: '4244',
  // 账户与安全, 4231–4232 (docs/api.md "Account security").
  /** With 404: no live session of this account by that id (ended, another account's, or none): the same answer for all. */
  DEVICE_NOT_FOUND: '4231',
  /** end-session named the calling session itself: logout ends it. */
  DEVICE_IS_CURRENT: '4232',
  // The analytics collector (docs/api.md), 43xx.
  /** The collector has stored its daily quota of bytes (China day); with Retry-After until midnight. */
  COLLECT_DAILY_QUOTA: '4301',
  // Photo uploads, 44xx (docs/protocol.md §14).
  /** The declared or sent size is over the server's limit (or the parts exceed the declared size). */
  UPLOAD_TOO_LARGE: '4401',
  /** Neither JPEG nor PNG by its first bytes. */
  UPLOAD_NOT_IMAGE: '4402',
  /** HEIC/HEIF (iPhone camera default): refused, the client must send JPEG. */
  UPLOAD_HEIC: '4403',
  /** More than 10000 px a side or 40 megapixels (decompression-bomb defence). */
  UPLOAD_TOO_MANY_PIXELS: '4404',
  /** Truncated or malformed image (no JPEG EOI, no PNG IEND, a segment past the end). */
  UPLOAD_DAMAGED: '4405',
  /** Unknown, someone else's, expired or already finished upload. */
  UPLOAD_NOT_FOUND: '4406',
  /** A part not at the next index; data {nextIndex}. */
  UPLOAD_PART_ORDER: '4407',
  /** The parts' SHA-256 or total size differs from what finish declares; the upload is discarded. */
  UPLOAD_HASH_MISMATCH: '4408',
  /** Too many unfinished or unused uploads for this account; data {retryAfterSeconds}. */
  UPLOAD_LIMIT: '4409',
  // Verification providers (OCR, face, bank card), 45xx (docs/sandbox.md).
  /** The provider did not answer (timeout, outage, quota): with 502, try again later. */
  PROVIDER_UNAVAILABLE: '4501',
  /** The ID card photo could not be read (not a card, blurred, cut off, the wrong side). */
  OCR_UNREADABLE: '4502',
  /** The name and ID number do not belong together, or the authority has no such identity. */
  IDENTITY_MISMATCH: '4503',
  /** The face check failed (another person, liveness) or its session expired. */
  FACE_NOT_PASSED: '4504',
  /** Name, ID number, card number and phone do not belong together; data {outcome, field}. */
  BANK_CARD_MISMATCH: '4505',
  /** The card cannot be used (frozen, lost, expired, restricted, no card-not-present payments); data {outcome, reason}. */
  BANK_CARD_UNUSABLE: '4506',
  // Identity certification, 46xx (docs/api.md "Identity certification").
  /** The ID number fails GB 11643-1999 (format, date, check character): the card was misread. */
  ID_NUMBER_INVALID: '4601',
  /** The birth date read from the card differs from the one inside the ID number. */
  ID_BIRTH_DATE_MISMATCH: '4602',
  /** The holder's age is outside the product's limits; data {minAge, maxAge}. */
  ID_AGE_NOT_ALLOWED: '4603',
  /** The card's validity has ended (emblem side). */
  ID_CARD_EXPIRED: '4604',
  /** This ID number is already certified on another account. */
  IDENTITY_TAKEN: '4605',
  /** This account is already verified (one identity per account). */
  IDENTITY_ALREADY_VERIFIED: '4606',
  /** Face verification tries of this account today are used up; data {retryAfterSeconds}. */
  FACE_DAILY_LIMIT: '4607',
  /** The face session was left before it was finished, or it expired. */
  FACE_ABANDONED: '4608',
  /** The liveness check failed (a photo, a screen, a mask, or a poor capture). */
  FACE_LIVENESS_FAILED: '4609',
  /** A step was asked for before the one it needs (e.g. certification before both sides were read); data {state}. */
  IDENTITY_STEP_MISSING: '4610',
  /** The capability needs a verified identity first (bank cards...). */
  IDENTITY_NOT_VERIFIED: '4611',
  /** The photo is a photocopy or a picture of a screen, not the card itself. */
  IDCARD_NOT_ORIGINAL: '4612',
  /** Temporary ID cards are not accepted. */
  IDCARD_TEMPORARY: '4613',
  /** The photo shows the other side of the card; data {expectedSide}. */
  IDCARD_WRONG_SIDE: '4614',
  /** h5-face-verify without a face session to ask about (none started, or its result already taken). */
  FACE_SESSION_MISSING: '4615',
  // Points and the lucky draw, 48xx (docs/api.md "Points and the lucky draw").
  /** Not enough points for this draw; data {balance, cost}. */
  POINTS_INSUFFICIENT: '4801',
  /** The day's draws are used up (China day); data {retryAfterSeconds}. */
  DRAW_DAILY_LIMIT: '4802',
  /** No prize is on offer (the operators closed the draw). */
  DRAW_CLOSED: '4803',
  // Activity exchange and redeem codes, 4804–4812 (docs/api.md "Vouchers and exchange", "Redeem codes").
  /** No such item, or not on offer for points (inactive, or no points cost). */
  EXCHANGE_ITEM_UNAVAILABLE: '4804',
  /** The item's stock is used up (已兑完). */
  EXCHANGE_OUT_OF_STOCK: '4805',
  /** The user has exchanged this item as often as allowed; data {limit}. */
  EXCHANGE_LIMIT_REACHED: '4806',
  /** Not a redeem code this service issued (or mistyped); data {attemptsLeft}. */
  REDEEM_CODE_INVALID: '4807',
  /** The code was already used (by someone else, or by the caller under another idempotency key). */
  REDEEM_CODE_USED: '4808',
  /** The code's batch is past its expiry date. */
  REDEEM_CODE_EXPIRED: '4809',
  /** The operators revoked the code's batch. */
  REDEEM_CODE_REVOKED: '4810',
  /** Too many refused codes in this hour from this account or address; data {retryAfterSeconds}. */
  REDEEM_LOCKED: '4811',
  /** The code is good but the voucher it gives is out of stock: nothing was taken, the code stays usable. */
  REDEEM_REWARD_UNAVAILABLE: '4812',
  // The new-user gift, 4813–4818 (docs/api.md "New-user gift").
  /** The gift holds nothing (the operators emptied it): the activity is closed. */
  GIFT_CLOSED: '4813',
  /** Past the claim window after registration (NEW_USER_GIFT_DAYS); data {deadline}. */
  GIFT_WINDOW_CLOSED: '4814',
  /** The same person (another account, or one deregistered before) already claimed the gift; never says which account. */
  GIFT_CLAIMED_ELSEWHERE: '4815',
  /** A voucher of the gift is out of stock: nothing was given; data {itemId}. */
  GIFT_ITEM_UNAVAILABLE: '4816',
  // An offer changed under a request, 4819–4820 (docs/api.md "Vouchers and exchange", "Points and the lucky draw").
  /** The item's points price changed while the exchange was in flight: nothing was spent; data {pointsCost} (the price now). */
  EXCHANGE_PRICE_CHANGED: '4819',
  /** The prize drawn was withdrawn by the operators while the draw was in flight: nothing was spent or recorded. */
  DRAW_PRIZES_CHANGED: '4820',
  // Bank cards, 49xx (docs/api.md "Bank cards").
  /** Not 16 to 19 digits (SPEC §5, §9). */
  BANK_CARD_NUMBER_INVALID: '4901',
  /** A credit card: only debit cards are bound. */
  BANK_CARD_CREDIT: '4902',
  /** The card's bank is not one we support (bank-listnew), or its BIN is unknown. */
  BANK_NOT_SUPPORTED: '4903',
  /** This card is already bound to this account. */
  BANK_CARD_DUPLICATE: '4904',
  /** The account has as many cards as allowed; data {maxCards}. */
  BANK_CARD_LIMIT: '4905',
  /** Card checks of this account today are used up; data {retryAfterSeconds}. */
  BANK_CARD_CHECK_LIMIT: '4906',
  /** The bind ticket is unknown, expired, already used or another account's: start again. */
  BIND_TICKET_INVALID: '4907',
  /** No such card on this account (never bound, unbound, or another account's). */
  BANK_CARD_NOT_FOUND: '4908',
  // Notices, messages and content, 47xx (docs/api.md "Notices, messages and content").
  /** A list cursor that is not one this server handed out. */
  LIST_CURSOR_INVALID: '4701',
  /** No such published notice, announcement or article (never published, unpublished, or not yet due). */
  CONTENT_NOT_FOUND: '4702',
  /** No such message of this account (another account's id answers the same). */
  MESSAGE_NOT_FOUND: '4703',
  // Help and customer service, 4704–4708 (docs/api.md "Help and customer service").
  /** A question with nothing in it but spaces. */
  QUESTION_EMPTY: '4704',
  /** A question longer than HELP_LIMITS.questionChars characters; data {maxChars}. */
  QUESTION_TOO_LONG: '4705',
  /** The account has asked HELP_LIMITS.questionsPerDay questions this China day; data {retryAfterSeconds}. */
  QUESTION_DAILY_LIMIT: '4706',
  /** Operators: no such question. */
  QUESTION_NOT_FOUND: '4707',
  /** Operators: the question was answered already (by another operator, or by an earlier press). */
  QUESTION_ALREADY_ANSWERED: '4708',
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
  '4012': '已在其他设备上将本设备下线，请重新登录',
  '4201': '请输入正确的手机号码',
  '4202': '验证码错误，请重新输入',
  '4203': '验证码已失效，请重新获取',
  '4204': '验证码错误次数过多，请稍后再试',
  '4205': '今日获取验证码次数已达上限，请明天再试',
  '4206': '获取验证码过于频繁，请稍后再试',
  '4207': '请完成安全验证后重试',
  '4208': '安全验证未通过，请重试',
  '4209': '短信发送失败，请稍后重试',
  '4210': '请阅读并同意最新的用户协议和隐私政策',
  '4211': '邀请码无效，请核对后重试',
  '4212': '不能填写自己的邀请码',
  '4213': '授权无效，请返回重新授权',
  '4214': '授权已过期，请返回重新授权',
  '4215': '授权已使用，请返回重新授权',
  '4216': '该手机号已绑定其他账号',
  '4217': '身份验证已失效，请重新验证',
  '4218': '该账号已被冻结，暂时无法登录，如有疑问请联系客服',
  '4261': '链接无效或已过期，请联系管理员重新生成',
  '4262': '动态验证码不正确，请核对验证器中的最新验证码',
  '4241': '今日导出次数已达上限，请明天再试',
  '4242': '导出记录不存在，请重新申请导出',
  '4243': '导出已过期，请重新申请导出',
  '4244': '该导出已下载过，如需再次获取请重新申请导出',
  '4231': '该设备已下线',
  '4232': '当前设备请使用退出登录',
  '4301': '今日数据量已达上限，请明天再试',
  '4401': '照片过大，请压缩后重新上传',
  '4402': '请上传JPG或PNG格式的照片',
  '4403': '暂不支持HEIC格式的照片，请上传JPG格式的照片',
  '4404': '照片尺寸过大，请压缩后重新上传',
  '4405': '照片文件不完整，请重新上传',
  '4406': '上传已失效，请重新上传',
  '4407': '照片上传中断，请重试',
  '4408': '照片上传不完整，请重新上传',
  '4409': '上传次数过多，请稍后再试',
  '4501': '认证服务暂时不可用，请稍后重试',
  '4502': '未能识别身份证，请拍摄清晰完整的身份证照片',
  '4503': '姓名与身份证号码不一致，请核对后重试',
  '4504': '人脸识别未通过，请重试',
  '4505': '银行卡信息校验未通过，请核对姓名、身份证号、卡号和银行预留手机号',
  '4506': '该银行卡暂不可用，请更换其他银行卡',
  '4601': '身份证号码识别有误，请重新拍摄身份证人像面',
  '4602': '出生日期与身份证号码不一致，请重新拍摄身份证人像面',
  '4603': '您的年龄不符合申请条件',
  '4604': '身份证已过期，请使用有效期内的身份证',
  '4605': '该身份证已在其他账号完成实名认证',
  '4606': '您已完成实名认证，无需重复认证',
  '4607': '今日人脸识别次数已达上限，请明天再试',
  '4608': '人脸识别未完成，请重新开始',
  '4609': '活体检测未通过，请在光线充足处正对屏幕重试',
  '4610': '请先完成前面的认证步骤',
  '4611': '请先完成实名认证',
  '4612': '请拍摄身份证原件，不支持复印件或翻拍照片',
  '4613': '暂不支持临时身份证，请使用正式身份证',
  '4614': '照片不是所需的身份证面，请按提示拍摄',
  '4615': '人脸识别已失效，请重新开始',
  '4801': '积分不足',
  '4802': '今日抽奖次数已用完，请明天再来',
  '4803': '抽奖活动暂未开放',
  '4804': '该奖品暂不可兑换',
  '4805': '该奖品已兑完',
  '4806': '该奖品的兑换次数已达上限',
  '4807': '兑换码无效，请核对后重新输入',
  '4808': '该兑换码已被使用',
  '4809': '该兑换码已过期',
  '4810': '该兑换码已失效',
  '4811': '兑换码错误次数过多，请稍后再试',
  '4812': '奖品暂时发放完毕，兑换码仍可稍后使用',
  '4813': '新人礼活动暂未开放',
  '4814': '新人礼已过领取期限',
  '4815': '您已在其他账号领取过新人礼，每人限领一次',
  '4816': '礼包中的卡券已发完，请稍后再试',
  '4819': '兑换所需积分已调整，请确认后重新兑换',
  '4820': '奖品刚刚有调整，本次未扣积分，请重新抽奖',
  '4901': '请输入16至19位数字的银行卡号',
  '4902': '暂不支持信用卡，请使用借记卡（储蓄卡）',
  '4903': '暂不支持该银行的银行卡，请查看支持的银行',
  '4904': '该银行卡已绑定，无需重复绑定',
  '4905': '绑定的银行卡已达上限，请先解绑其他银行卡',
  '4906': '今日银行卡验证次数已达上限，请明天再试',
  '4907': '绑卡信息已失效，请重新填写',
  '4908': '银行卡不存在或已解绑',
  '4701': '列表已更新，请刷新后重试',
  '4702': '内容不存在或已下线',
  '4703': '消息不存在或已删除',
  '4704': '请输入您的问题',
  '4705': '问题不能超过500字，请精简后再提交',
  '4706': '今日提问次数已达上限，请明天再试或致电客服',
  '4707': '提问不存在',
  '4708': '该提问已回复，请刷新后查看',
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
  return subcode === undefined ? { code, msg: CODE_TEXT[code] } : { code, subcode, msg: CODE_TEXT[code], submsg: CODE_TEXT[subcode] };
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
