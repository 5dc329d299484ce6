// Shared fields of the 个人信息 endpoints (docs/api.md "Personal information"; PIPL art. 44–47, MIIT
// 信息通信服务感知提升行动 2021): the two lists an app must show in a second-level menu, and the copy of the
// account's data (PIPL art. 45) in its machine-readable form. The export's schema is the file format a
// person downloads: every field is named for what it is, times are milliseconds since the epoch.
import * as z from 'zod/mini';
import { IDENTITY_FAILURES, IDENTITY_STATES } from '../../identity.js';
import { LOGIN_METHODS, LOGIN_RESULTS } from '../../sign-ins.js';
import { placeFields } from '../security/security-fields.js';
import { smsCodeField } from '../user/user-fields.js';

/**
 * The kinds of personal information the product holds, in the order the list shows them: every table that
 * holds an account's data is behind one of them (apps/server/src/privacy/personal-tables.ts).
 */
export const PERSONAL_INFO_KINDS = [
  'phone',
  'identity',
  'idcard-photos',
  'face',
  'bank-cards',
  'login-devices',
  'login-records',
  'consents',
  'invitations',
  'rewards',
  'messages',
  'questions',
  'analytics',
] as const;
export type PersonalInfoKind = (typeof PERSONAL_INFO_KINDS)[number];

/**
 * held: this account has some (value and time given); none: nothing of this kind is held (未收集);
 * not-linked: collected without any link to the account, so nothing of it can be shown or exported for it.
 */
export const PERSONAL_INFO_STATUSES = ['held', 'none', 'not-linked'] as const;
export type PersonalInfoStatus = (typeof PERSONAL_INFO_STATUSES)[number];

/** The providers that receive personal data (docs/sandbox.md). */
export const SHARING_PROVIDERS = ['sms', 'ocr', 'face', 'bank-card'] as const;
export type SharingProvider = (typeof SHARING_PROVIDERS)[number];

const text = (max: number) => z.string().check(z.minLength(1), z.maxLength(max));

export const personalInfoItemSchema = z.strictObject({
  kind: z.enum(PERSONAL_INFO_KINDS),
  title: text(40),
  purpose: text(200),
  scenario: text(200),
  status: z.enum(PERSONAL_INFO_STATUSES),
  /** This person's own value, masked as everywhere else (SPEC §3); null when none is held. */
  value: z.nullable(text(400)),
  /** When it was collected (the latest time where there are several); null when none is held. */
  collectedAt: z.nullable(z.int()),
});

/** How often a copy may be asked for and how long it lives (PRIVACY_EXPORTS_PER_DAY, PRIVACY_EXPORT_TTL_MINUTES). */
export const exportAllowanceSchema = z.strictObject({
  perDay: z.int().check(z.positive()),
  leftToday: z.int().check(z.gte(0)),
  ttlSeconds: z.int().check(z.positive()),
});

export const sharingItemSchema = z.strictObject({
  provider: z.enum(SHARING_PROVIDERS),
  title: text(40),
  /** Who receives the data: the configured service's host, or the sandbox's own words. */
  recipient: text(200),
  /** The sandbox provider answers inside this server: nothing leaves it (沙箱，不向第三方发送). */
  sandbox: z.boolean(),
  data: text(200),
  purpose: text(200),
  method: text(200),
});

/** Ids of exports: x_ and 16 random bytes in base64url (128 bits: not guessable, not enumerable). */
export const exportIdField = z.string().check(z.regex(/^x_[A-Za-z0-9_-]{22}$/));

export const requestDataExportFields = { smsCode: smsCodeField };

const maybe = <T extends z.ZodMiniType>(schema: T) => z.nullable(schema);

/** One kept photo, whole, as a data: URL (a JPEG or PNG without metadata, as it was stored). */
export const exportedPhotoSchema = z.strictObject({
  kind: z.enum(['idcard-portrait', 'idcard-emblem']),
  contentType: z.enum(['image/jpeg', 'image/png']),
  width: z.int(),
  height: z.int(),
  dataUrl: z.string().check(z.regex(/^data:image\/(?:jpeg|png);base64,[A-Za-z0-9+/]+={0,2}$/)),
});

/** What was read from the ID card or confirmed by its holder, in full: this copy is the one place it is. */
const identityFieldsSchema = z.record(z.string().check(z.maxLength(40)), z.string().check(z.maxLength(400)));

/**
 * The copy of everything the account holds (PIPL art. 45), as the JSON file a person downloads and the
 * page reads. ID and card numbers are in full here and nowhere else (docs/api.md "Personal information").
 * Version 2: sessions with their device and place, sign-in records, and the rewards, invitation and notice
 * rows version 1 left out. Version 3: the notices read one by one (notices.read), and each consent's documents
 * named with their versions.
 */
export const personalDataExportSchema = z.strictObject({
  format: z.literal('tyd-personal-data'),
  formatVersion: z.literal(3),
  exportId: exportIdField,
  generatedAt: z.int(),
  account: z.strictObject({
    phone: z.string().check(z.regex(/^1[3-9]\d{9}$/)),
    registeredAt: z.int(),
    inviteCode: maybe(z.string().check(z.maxLength(16))),
    /** Whether the account registered with someone's invite code (who it was is that person's data). */
    invited: z.boolean(),
  }),
  /** Each decision with the documents it was about, named ("《隐私政策》2026-11-01"), beside their combined version. */
  consents: z.array(
    z.strictObject({
      version: z.string().check(z.maxLength(65)),
      documents: z.array(z.strictObject({ title: z.string().check(z.maxLength(40)), version: z.string().check(z.maxLength(32)) })),
      decision: z.string().check(z.maxLength(16)),
      decidedAt: z.int(),
    }),
  ),
  /** 登录设备: every session kept, live or ended, with what it was and where it was last used (masked). */
  sessions: z.array(
    z.strictObject({
      ...placeFields,
      createdAt: z.int(),
      /** Its last call, to the minute; null when none came after the sign-in. */
      lastActiveAt: maybe(z.int()),
      expiresAt: z.int(),
      endedAt: maybe(z.int()),
      /** 'other-device': ended by 下线 from another device; null otherwise (logout, expiry, still live). */
      endedReason: maybe(z.enum(['other-device'])),
      current: z.boolean(),
    }),
  ),
  /** 登录记录: every sign-in and refused login code kept (LOGIN_RECORD_DAYS), newest first. */
  loginRecords: z.array(z.strictObject({ at: z.int(), result: z.enum(LOGIN_RESULTS), method: z.enum(LOGIN_METHODS), ...placeFields })),
  identity: maybe(
    z.strictObject({
      state: z.enum(IDENTITY_STATES),
      startedAt: z.int(),
      confirmedAt: maybe(z.int()),
      verifiedAt: maybe(z.int()),
      failure: maybe(z.enum(IDENTITY_FAILURES)),
      /** The identity as confirmed (name, ID number, sex, ethnicity, birth date, address, authority, validity). */
      confirmed: maybe(identityFieldsSchema),
      /** What was read from each side and is kept until certification. */
      portraitReading: maybe(identityFieldsSchema),
      emblemReading: maybe(identityFieldsSchema),
    }),
  ),
  photos: z.array(exportedPhotoSchema),
  bankCards: z.array(
    z.strictObject({
      bankName: z.string().check(z.maxLength(40)),
      cardNumber: z.string().check(z.regex(/^\d{16,19}$/)),
      cardType: z.literal('debit'),
      /** Only the masked number is kept of the bank's phone. */
      reservedPhone: z.string().check(z.maxLength(20)),
      isDefault: z.boolean(),
      boundAt: z.int(),
      agreement: maybe(z.strictObject({ version: z.string().check(z.maxLength(65)), agreedAt: z.int() })),
    }),
  ),
  points: z.strictObject({
    balance: z.int(),
    entries: z.array(z.strictObject({ amount: z.int(), reason: z.string().check(z.maxLength(32)), at: z.int(), expiresAt: maybe(z.int()) })),
  }),
  vouchers: z.array(z.strictObject({ name: z.string(), source: z.string().check(z.maxLength(32)), grantedAt: z.int(), expiresAt: z.int() })),
  draws: z.array(z.strictObject({ prize: z.string(), points: maybe(z.int()), cost: z.int(), at: z.int() })),
  /** Redeem codes this account used: the campaign's name (the code itself is kept only as a keyed hash). */
  redeemedCodes: z.array(z.strictObject({ campaign: z.string(), at: z.int() })),
  /** When this account (this person, once) claimed the new-user gift; null when not. */
  newUserGift: maybe(z.strictObject({ claimedAt: z.int() })),
  /**
   * Invitation rewards this account is part of: `inviter`, a friend it invited was certified and it earned
   * `points`; `invitee`, its own certification earned its inviter `points`. The other account is not named
   * (that is the other person's data).
   */
  invitations: z.array(z.strictObject({ role: z.enum(['inviter', 'invitee']), points: z.int(), at: z.int() })),
  messages: z.array(z.strictObject({ kind: z.string().check(z.maxLength(16)), title: z.string(), body: z.string(), at: z.int(), readAt: maybe(z.int()) })),
  /**
   * Notices count as read up to this publication time (全部已读); null when never. `read`: the later ones
   * read one by one (opened), by title, the latest read first.
   */
  notices: z.strictObject({ readThrough: maybe(z.int()), read: z.array(z.strictObject({ title: z.string(), at: z.int() })) }),
  questions: z.array(z.strictObject({ text: z.string(), at: z.int(), answer: maybe(z.string()), answeredAt: maybe(z.int()) })),
  /** Analytics records carry no account: said, not listed. */
  analytics: z.strictObject({ linked: z.literal(false), note: text(200) }),
});
export type PersonalDataExport = z.infer<typeof personalDataExportSchema>;
