// The customer-service desk (docs/api.md "Customer-service desk"; docs/operations.md "Operators"): what an
// agent must give for every lookup and action, shared by the schemas, the server's checks and the console's
// form so the three cannot disagree. Zod-free, for @tyd/protocol/wire.

export const DESK_LIMITS = {
  /** Characters (Unicode code points, after trimming) of the reason every lookup and action states: a ticket number or the call's reason. */
  reasonMinChars: 2,
  reasonMaxChars: 200,
  /** Login records the desk shows: those of the last LOGIN_RECORD_DAYS, newest first, at most this many. */
  loginRecords: 50,
  /** Sessions (live and ended), messages, points entries and questions the desk shows, newest first. */
  recentRows: 20,
} as const;

/** The reason as the server keeps it: trimmed, and its length as a person counts it (an emoji as one). */
export function deskReason(text: string): { reason: string; chars: number } {
  const reason = text.trim();
  return { reason, chars: [...reason].length };
}

/** The rule a reason breaks, in the operators' language (docs/api.md "Operators": the label, the field, the rule). */
export const DESK_REASON_RULE = `事由（reason）：${DESK_LIMITS.reasonMinChars} 至 ${DESK_LIMITS.reasonMaxChars} 个字符，如工单号或来电原因`;
export const DESK_PHONE_RULE = '手机号（phone）：完整的 11 位中国大陆手机号（只按完整号码查询）';

/** Where one of the account's sessions stands: live (signed in), ended (signed out, 下线, ended by the desk…) or expired. */
export const DESK_SESSION_STATES = ['live', 'ended', 'expired'] as const;
export type DeskSessionState = (typeof DESK_SESSION_STATES)[number];
