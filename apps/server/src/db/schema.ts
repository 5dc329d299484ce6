// Kysely table types. Times are integer milliseconds since the epoch (bigint in PostgreSQL, parsed to
// number by connect.ts), so both engines compare and sort them the same way.
import type { NfcPosition, PointsReason } from '@tyd/protocol';
import type { Generated, Insertable, Selectable } from 'kysely';

export interface UsersTable {
  id: string;
  /** HMAC-SHA256(phoneHashKey, phone), hex: the lookup key for login. Unique. */
  phone_hash: string;
  /** AES-256-GCM ciphertext of the phone number (see account/services/phone-protection.ts). */
  phone_enc: string;
  status: 'active' | 'deregistered';
  created_at: number;
  updated_at: number;
  /** Set while customer service has the account frozen (migration 2026-12-08-1100): no sign-in. */
  frozen_at: number | null;
  /** The operator who froze it and the reason they stated; null when not frozen. */
  frozen_by: string | null;
  frozen_reason: string | null;
}

export interface SessionsTable {
  id: string;
  /** SHA-256 of the access token, hex. The token itself is never stored. */
  token_hash: string;
  user_id: string;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
  /** The last call, kept to the minute (account/services/account-security.ts); null until the first after sign-in. */
  last_active_at: number | null;
  /** Model and system from the user agent at sign-in (account/services/device-description.ts). */
  device: string;
  client_kind: 'app' | 'browser';
  client_name: string;
  /** Approximate region of the last address (account/services/ip-regions.ts), and that address masked; never the address. */
  region: string;
  address: string;
  /** Why a revoked session ended, when its next call should say so: 'other-device' (401/4012). */
  ended_reason: 'other-device' | null;
  /** The session whose authorisation code opened this one: it ends with it (migration 2026-12-07-1000). */
  origin_session_id: string | null;
}

/** A sign-in or a refused login code of an account (login-records), kept LOGIN_RECORD_DAYS. */
export interface LoginEventsTable {
  id: string;
  user_id: string;
  at: number;
  result: 'success' | 'code-wrong' | 'code-expired' | 'locked' | 'frozen';
  method: 'sms' | 'authorized';
  device: string;
  client_kind: 'app' | 'browser';
  client_name: string;
  region: string;
  address: string;
}

/** One per account, created with it (or on first use for accounts made before). */
export interface UserProfilesTable {
  user_id: string;
  /** 8 characters of Crockford base32 (account/services/invite-codes.ts). Unique. */
  invite_code: string;
  invited_by: string | null;
  created_at: number;
}

/**
 * Every acceptance or refusal of the privacy policy and service agreement, with its combined version;
 * 'withdrawn': consent given before was taken back (PIPL art. 15; docs/api.md "Personal information").
 */
export interface ConsentsTable {
  id: string;
  user_id: string;
  version: string;
  decision: 'accepted' | 'declined' | 'withdrawn';
  decided_at: number;
}

/** One-time authorisation codes (authorized-login). Only the SHA-256 of a code is stored. */
export interface AuthorizationCodesTable {
  code_hash: string;
  user_id: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
  /** The session the code was exchanged for, revoked if the code is presented again. */
  session_id: string | null;
  /** The session that minted the code (null: the command line); the code dies when it ends. */
  minted_by: string | null;
}

/** Records of deregistered accounts that the law requires to keep; encrypted, out of the app's reach. */
export interface RetainedRecordsTable {
  id: string;
  /** HMAC of the phone under a key of its own: not joinable with users.phone_hash. */
  subject_hash: string;
  kind: 'deregistered-account';
  payload_enc: string;
  created_at: number;
  retain_until: number;
}

/** Photo uploads (docs/protocol.md §14); parts live in upload_parts until the upload is finished. */
export interface UploadsTable {
  id: string;
  user_id: string;
  purpose: string;
  declared_size: number;
  received_bytes: number;
  next_index: number;
  created_at: number;
  /** Unused uploads are deleted after this time (uploads/services/upload-service.ts). */
  expires_at: number;
  finished_at: number | null;
  /** Set when a capability takes the photo; it then no longer expires. */
  used_at: number | null;
  content_type: 'image/jpeg' | 'image/png' | null;
  width: number | null;
  height: number | null;
  /** EXIF orientation 2..8 the client left to the viewer; null when upright. */
  orientation: number | null;
  stored_size: number | null;
  /** AES-256-GCM ciphertext of the metadata-free image (uploads/services/upload-cipher.ts). */
  content_enc: string | null;
}

export interface UploadPartsTable {
  upload_id: string;
  part_index: number;
  size: number;
  bytes_enc: string;
}

/** Identity certification (docs/api.md "Identity certification"): one row per account; personal data only as ciphertext. */
export interface IdentitiesTable {
  user_id: string;
  state: 'not-started' | 'documents-read' | 'identity-confirmed' | 'face-pending' | 'verified' | 'failed';
  /** AES-256-GCM of the OCR results of each side (identity/services/identity-cipher.ts). */
  portrait_enc: string | null;
  emblem_enc: string | null;
  /** The confirmed identity, encrypted. */
  identity_enc: string | null;
  /** HMAC of the confirmed ID number; unique: one account per identity. */
  id_hash: string | null;
  /** The face provider's session id (a bearer token there), encrypted. */
  face_session_enc: string | null;
  face_expires_at: number | null;
  failure_reason: 'identity-not-found' | 'face-mismatch' | 'liveness' | 'abandoned' | null;
  confirmed_at: number | null;
  verified_at: number | null;
  created_at: number;
  updated_at: number;
  /**
   * One more at every transition; a transition decided on what was read applies only while the row still
   * has the version read (compare-and-set; docs/api.md "The state machine").
   */
  version: Generated<number>;
}

/** Points of a user (rewards/): kept equal to the sum of the unexpired lots' remaining points. */
export interface PointsBalancesTable {
  user_id: string;
  balance: number;
  updated_at: number;
}

/** The append-only points ledger; credits are lots (expires_at, remaining). */
export interface PointsEntriesTable {
  id: string;
  user_id: string;
  amount: number;
  reason: PointsReason;
  idempotency_key: string;
  created_at: number;
  expires_at: number | null;
  remaining: number | null;
}

export interface PrizesTable {
  id: string;
  name: string;
  kind: 'points' | 'thanks';
  points: number | null;
  weight: number;
  stock: number | null;
  position: number;
  /** 1 or 0 (both engines). */
  active: number;
  updated_at: number;
}

/** Every operator change of the rewards capability, with who and when. */
export interface RewardChangesTable {
  id: string;
  /** grant: points an operator granted an account (subject_id the account). */
  subject: 'prize' | 'item' | 'gift' | 'redeem-batch' | 'grant';
  subject_id: string;
  operator: string;
  /** JSON of what was set. */
  change: string;
  at: number;
}

/** The voucher catalogue (docs/api.md "Vouchers and exchange"). */
export interface RewardItemsTable {
  id: string;
  name: string;
  description: string;
  /** Null: not exchangeable for points. */
  points_cost: number | null;
  /** Null: no limit. */
  stock: number | null;
  /** Null: no limit on exchanges per user. */
  per_user_limit: number | null;
  valid_days: number;
  position: number;
  /** 1 or 0 (both engines). */
  active: number;
  updated_at: number;
}

export type VoucherSource = 'exchange' | 'redeem-code' | 'new-user-gift' | 'invite';

/** Vouchers users hold; (user_id, source_key) is unique so a retried grant gives one. */
export interface VouchersTable {
  id: string;
  user_id: string;
  item_id: string;
  name: string;
  description: string;
  source: VoucherSource;
  source_key: string;
  granted_at: number;
  expires_at: number;
}

export interface RedeemBatchesTable {
  id: string;
  name: string;
  /** Exactly one of points and item_id. */
  points: number | null;
  item_id: string | null;
  codes: number;
  expires_at: number;
  revoked_at: number | null;
  created_by: string;
  created_at: number;
}

export interface RedeemCodesTable {
  /** HMAC-SHA256 (hex) of the normalised code. */
  code_hash: string;
  batch_id: string;
  redeemed_by: string | null;
  redeemed_at: number | null;
}

/** One line of the new-user gift: exactly one of points and item_id. */
export interface GiftContentsTable {
  id: string;
  points: number | null;
  item_id: string | null;
  position: number;
}

/** One claim per real person (person_key: identity-cipher.ts personKey). */
export interface GiftClaimsTable {
  person_key: string;
  user_id: string;
  claimed_at: number;
}

/** One invitation reward per invited real person. */
export interface InviteRewardsTable {
  invitee_person_key: string;
  invitee_id: string;
  inviter_id: string;
  points: number;
  at: number;
}

/** An event written with the state change it follows, delivered afterwards (outbox/outbox.ts). */
export interface OutboxTable {
  id: string;
  topic: string;
  user_id: string | null;
  /** JSON of the topic's payload. */
  payload: string;
  created_at: number;
  attempts: number;
  next_attempt_at: number;
  locked_until: number | null;
  /** Who holds the lease: the claim's random token; completions apply only with it (2026-12-07-1100-outbox-leases). */
  lease_token: string | null;
  last_error: string | null;
  delivered_at: number | null;
  /** When it was parked after OUTBOX_MAX_ATTEMPTS failures; no worker takes it until an operator retries it. */
  dead_at: number | null;
}

export interface DrawsTable {
  id: string;
  user_id: string;
  idempotency_key: string;
  prize_id: string;
  prize_name: string;
  kind: 'points' | 'thanks';
  points: number | null;
  cost: number;
  china_day: number;
  created_at: number;
}

/** Notices, announcements, articles and FAQ entries (docs/architecture.md "Content"): company-wide, one row each. */
export interface ContentItemsTable {
  id: string;
  /** `faq`: a 常见问题 entry (title the question, body the answer), read through faq-list only. */
  kind: 'notice' | 'announcement' | 'article' | 'faq';
  title: string;
  summary: string;
  /** What the author wrote. */
  body_md: string;
  /** Rendered from body_md when saved (content/services/render-markdown.ts); what readers get. */
  body_html: string;
  /** 0 or 1: a notice shown as the home banner. */
  important: number;
  state: 'draft' | 'published' | 'unpublished';
  /** Shown from this time on (a later time: scheduled); null for a draft never published. */
  publish_at: number | null;
  version: number;
  created_at: number;
  updated_at: number;
  /** FAQ entries: the category they are listed under; null for other kinds. */
  category: string | null;
  /** FAQ entries: their place in the category (0 first); 0 for other kinds. */
  sort_order: number;
}

/** Per account: every notice published up to read_through counts as read (the watermark). */
export interface NoticeReadsTable {
  user_id: string;
  read_through: number;
}

/** Per account: notices past the watermark read one by one (notice-detail); 2026-12-07-1200-notice-item-reads. */
export interface NoticeItemReadsTable {
  user_id: string;
  notice_id: string;
  read_at: number;
}

/** Personal messages, posted by other capabilities' events through the content module. */
export interface MessagesTable {
  id: string;
  user_id: string;
  kind: 'security' | 'identity' | 'bank-card' | 'rewards' | 'system' | 'service';
  title: string;
  body: string;
  link: string | null;
  /** HMAC of the poster's dedupe key: unique per account, so an event posts once. */
  dedupe_hash: string;
  created_at: number;
  read_at: number | null;
}

/** A question a user left for customer service (docs/api.md "Help and customer service"). */
export interface HelpQuestionsTable {
  id: string;
  user_id: string;
  /** The asker's key for the press that made it: unique per account. */
  idempotency_key: string;
  text: string;
  created_at: number;
  /** Null until answered (待回复); written once. */
  answer: string | null;
  /** The operator who answered (`by`). */
  answered_by: string | null;
  answered_at: number | null;
}

export interface ContentImagesTable {
  id: string;
  content_type: 'image/jpeg' | 'image/png';
  bytes_b64: string;
  created_at: number;
}

export interface ContentAuditTable {
  id: string;
  content_id: string;
  action: 'create' | 'edit' | 'publish' | 'schedule' | 'unpublish' | 'image';
  actor: string;
  version: number;
  /** JSON: the title and the publication time at that moment. */
  detail: string;
  at: number;
}

/** Bank cards (docs/api.md "Bank cards"): the number only as ciphertext and a keyed hash. */
export interface BankCardsTable {
  id: string;
  user_id: string;
  card_hash: string;
  card_enc: string;
  masked_number: string;
  last4: string;
  bank_code: string;
  card_type: 'debit';
  masked_phone: string;
  /** 1 or 0 (both engines). */
  is_default: number;
  created_at: number;
  /** The 快捷支付服务协议 version agreed to at binding, and when (ms); null for cards bound before it was recorded. */
  agreement_version: string | null;
  agreed_at: number | null;
}

/** Where a phone's NFC antenna sits (the /nfc explainer; docs/api.md): operators change it with the admin command. */
export interface NfcAntennasTable {
  brand_id: string;
  model_id: string;
  brand_name: string;
  model_name: string;
  position: NfcPosition;
  hint: string;
  /** 1 or 0 (both engines). */
  has_nfc: number;
  foldable_note: string | null;
  sort_order: number;
  updated_by: string;
  updated_at: number;
}

/** Every change of nfc_antennas, with who and when. */
export interface NfcAntennaChangesTable {
  id: string;
  brand_id: string;
  model_id: string;
  action: 'set' | 'delete';
  change: string;
  changed_by: string;
  at: number;
}

/** Operators of /ops (docs/operations.md "Operators"). */
export interface OperatorsTable {
  id: string;
  name: string;
  role: 'administrator' | 'content_editor' | 'rewards_manager' | 'customer_service' | 'viewer';
  /** argon2id PHC string. */
  password_hash: string;
  /** Base32 TOTP secret (RFC 6238) of an operator made before secrets were sealed, until their next sign-in; '' otherwise. */
  totp_secret: string;
  /** The TOTP secret sealed with the operator-totp key (lib/field-cipher.ts; AAD `operators.totp_secret:<id>`). */
  totp_secret_sealed: string | null;
  /** The last RFC 6238 time step accepted (0: none yet); a code of this step or an earlier one is refused. */
  last_totp_step: number;
  created_at: number;
  created_by: string;
  disabled_at: number | null;
  /** When the operator finished their enrolment (chose a password, confirmed a TOTP code); null while a link is pending: no sign-in. */
  enrolled_at: number | null;
}

/**
 * An operator's pending enrolment link (docs/operations.md "Operators"): one per operator, a newer one
 * replacing it; deleted when the enrolment completes.
 */
export interface OperatorEnrolmentsTable {
  operator_id: string;
  /** SHA-256 (hex) of the link's token. */
  token_hash: string;
  /** The TOTP secret shown at the link's first opening, sealed (AAD `operator_enrolments.totp_secret:<token_hash>`); null before. */
  totp_secret_sealed: string | null;
  created_at: number;
  /** Who issued it: the administrator's name, or `admin-command`. */
  created_by: string;
  expires_at: number;
}

/** Failed sign-ins per typed name, whether such an operator exists or not. */
export interface OperatorSignInFailuresTable {
  name_key: string;
  failures: number;
  locked_until: number;
  last_failure_at: number;
}

export interface OperatorSessionsTable {
  /** SHA-256 (hex) of the cookie's session id. */
  id_hash: string;
  operator_id: string;
  csrf_token: string;
  created_at: number;
  last_seen_at: number;
  address: string;
}

export interface OpsApprovalsTable {
  id: string;
  kind: 'redeem-batch' | 'prize-odds' | 'prize-change' | 'item-change' | 'gift' | 'points-grant' | 'account-unfreeze';
  role: OperatorsTable['role'];
  target_id: string | null;
  /** JSON of the change asked for, run as it is once approved. */
  payload: string;
  summary: string;
  /** `rejected` by a checker (with decision_reason); `expired` is not stored: a pending row past expires_at. */
  status: 'pending' | 'approved' | 'withdrawn' | 'failed' | 'rejected';
  requested_by: string;
  requested_at: number;
  decided_by: string | null;
  decided_at: number | null;
  /** Null on rows of the release before it was added: requested_at + OPS_APPROVAL_HOURS. */
  expires_at: number | null;
  /** Why a checker rejected it, or why running it failed. */
  decision_reason: string | null;
  /** The points it was counted at (a grant or batch), or null (a change of a prize, an item, the gift). */
  value_points: number | null;
  /** What running it produced for its maker only (a batch's codes), sealed; deleted once the maker took it. */
  result_sealed: string | null;
}

/** Grants and batches an operator made without a checker, summed over OPS_APPROVAL_WINDOW_HOURS. */
export interface OpsValueMadeTable {
  id: string;
  operator_id: string;
  kind: 'points-grant' | 'redeem-batch';
  points: number;
  at: number;
}

/** Insert-only (no /ops route updates or deletes it). */
export interface OpsAuditTable {
  id: string;
  operator_id: string | null;
  operator_name: string;
  action: string;
  target_id: string | null;
  address: string;
  /** JSON, or null when there was nothing before (a creation) or it is not known. */
  before: string | null;
  after: string | null;
  at: number;
  /** `done` (committed with the change), `requested` (kept for a checker), `refused` (nothing changed). */
  outcome: Generated<'done' | 'requested' | 'refused'>;
  /** The answer's HTTP status; null on rows of the release before it was added. */
  status: number | null;
  /** What happened, as a sentence an auditor reads (who is in operator_name, when in at). */
  summary: string | null;
  /** The reason the operator gave (a grant's, a rejection's, a desk lookup's), or why it was refused. */
  reason: string | null;
}

/** A verifier of each key sealed fields depend on (db/key-checks.ts); 2026-12-08-0900-key-checks. */
export interface KeyChecksTable {
  /** The key's variable: TYD_DATA_KEY, TYD_PHONE_HASH_KEY. */
  name: string;
  verifier: string;
  created_at: number;
}

export interface Database {
  operators: OperatorsTable;
  operator_sign_in_failures: OperatorSignInFailuresTable;
  operator_sessions: OperatorSessionsTable;
  operator_enrolments: OperatorEnrolmentsTable;
  ops_approvals: OpsApprovalsTable;
  ops_audit: OpsAuditTable;
  ops_value_made: OpsValueMadeTable;
  users: UsersTable;
  sessions: SessionsTable;
  user_profiles: UserProfilesTable;
  consents: ConsentsTable;
  authorization_codes: AuthorizationCodesTable;
  retained_records: RetainedRecordsTable;
  uploads: UploadsTable;
  upload_parts: UploadPartsTable;
  identities: IdentitiesTable;
  points_balances: PointsBalancesTable;
  points_entries: PointsEntriesTable;
  prizes: PrizesTable;
  reward_changes: RewardChangesTable;
  reward_items: RewardItemsTable;
  vouchers: VouchersTable;
  redeem_batches: RedeemBatchesTable;
  redeem_codes: RedeemCodesTable;
  gift_contents: GiftContentsTable;
  gift_claims: GiftClaimsTable;
  invite_rewards: InviteRewardsTable;
  draws: DrawsTable;
  content_items: ContentItemsTable;
  notice_reads: NoticeReadsTable;
  notice_item_reads: NoticeItemReadsTable;
  key_checks: KeyChecksTable;
  messages: MessagesTable;
  content_images: ContentImagesTable;
  content_audit: ContentAuditTable;
  help_questions: HelpQuestionsTable;
  login_events: LoginEventsTable;
  bank_cards: BankCardsTable;
  nfc_antennas: NfcAntennasTable;
  nfc_antenna_changes: NfcAntennaChangesTable;
  outbox: OutboxTable;
}

export type UserRow = Selectable<UsersTable>;
export type IdentityRow = Selectable<IdentitiesTable>;
export type BankCardRow = Selectable<BankCardsTable>;
export type NewUserRow = Insertable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type LoginEventRow = Selectable<LoginEventsTable>;
export type NewSessionRow = Insertable<SessionsTable>;
