// Where each table that holds an account's data reaches its owner (docs/api.md "Personal information"):
// the parts of the copy of one's data (PIPL art. 45) and the kinds of 已收集个人信息清单 (MIIT 2021; PIPL
// art. 44) it is in, or, for a table deliberately in neither, why. test/api/personal-tables.test.ts walks
// the migrated schema of both engines and fails on a table that names an account, a phone or a person and is
// in neither list, so the next table added cannot be forgotten; the same test proves every table said to be
// shown does reach the copy and the list of an account that has a row in it.
import type { PersonalDataExport, PersonalInfoKind } from '@tyd/protocol';
import type { Database } from '../db/schema.js';
import type { TelemetryTables } from '../db/telemetry-schema.js';

export type TableName = keyof Database | keyof TelemetryTables;

export interface ShownTable {
  /** The parts of the copy its rows are in. */
  copy: readonly [keyof PersonalDataExport, ...(keyof PersonalDataExport)[]];
  /** The kinds of the collected list that count them. */
  list: readonly [PersonalInfoKind, ...PersonalInfoKind[]];
}

/** Tables whose rows of an account are in the copy and counted in the collected list. */
export const SHOWN_TABLES = {
  users: { copy: ['account'], list: ['phone'] },
  sessions: { copy: ['sessions'], list: ['login-devices'] },
  login_events: { copy: ['loginRecords'], list: ['login-records'] },
  consents: { copy: ['consents'], list: ['consents'] },
  user_profiles: { copy: ['account'], list: ['invitations'] },
  invite_rewards: { copy: ['invitations'], list: ['invitations'] },
  identities: { copy: ['identity'], list: ['identity', 'face'] },
  uploads: { copy: ['photos'], list: ['idcard-photos'] },
  bank_cards: { copy: ['bankCards'], list: ['bank-cards'] },
  points_balances: { copy: ['points'], list: ['rewards'] },
  points_entries: { copy: ['points'], list: ['rewards'] },
  vouchers: { copy: ['vouchers'], list: ['rewards'] },
  draws: { copy: ['draws'], list: ['rewards'] },
  redeem_codes: { copy: ['redeemedCodes'], list: ['rewards'] },
  gift_claims: { copy: ['newUserGift'], list: ['rewards'] },
  messages: { copy: ['messages'], list: ['messages'] },
  notice_reads: { copy: ['notices'], list: ['messages'] },
  notice_item_reads: { copy: ['notices'], list: ['messages'] },
  help_questions: { copy: ['questions'], list: ['questions'] },
  // Carries no account (docs/telemetry.md): said in both, as collected but not linked, never listed.
  telemetry_records: { copy: ['analytics'], list: ['analytics'] },
} as const satisfies Partial<Record<TableName, ShownTable>>;

/**
 * Tables that name an account, a phone or a person and are in neither, each with why (docs/api.md
 * "Personal information", "Every table, shown or said why not").
 */
export const NOT_SHOWN_TABLES = {
  authorization_codes:
    'Only the SHA-256 of one-time codes the app mints for /others/tydPreJump, live AUTH_CODE_TTL_SECONDS (120 s) and pruned a day after they expire; ' +
    'a code is nothing readable, and the sign-in it made is in the copy and the list as a login record (method authorized) and a session.',
  upload_parts:
    'Encrypted pieces of an upload still being sent, deleted when the upload is finished or expires (UPLOAD_TTL_SECONDS); the finished photo is in uploads.',
  outbox:
    'Side effects owed to the account (a message to post, a reward to pay) between the change and their delivery; what they deliver is in the copy ' +
    '(messages, points, vouchers), and delivered events are deleted after OUTBOX_KEEP_DELIVERED_DAYS.',
  retained_records:
    'Records of deregistered accounts the law requires to keep (docs/operations.md "Erasure"), keyed by a hash of the phone under a key of its own: ' +
    'no live account can reach them, and a former holder asks customer service.',
  reward_changes:
    "Operators' audit of rewards changes (who changed what, when): for a points grant it names the account, but the grant itself is in the copy as a " +
    "points entry (operator-grant) and a message; which operator granted it is the operator's record.",
  ops_approvals:
    "Operators' four-eyes requests and decisions (a points grant names its account as target): the operators' record of their work; what an approved " +
    'grant did to the account is in the copy as a points entry and a message.',
  ops_audit: "Operators' audit trail of /ops actions (a target may be an account): the operators' record of their work, not data collected from the person.",
} as const satisfies Partial<Record<TableName, string>>;
