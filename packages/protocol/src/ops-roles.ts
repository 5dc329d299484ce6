// The operators' roles (docs/api.md "Operators: accounts, sign-in, approvals, audit"), zod-free so the
// console names them without the schemas: the endpoint objects of endpoints/ops/operators-ops.ts check them.

/** What an operator may do: every role may view charts and lists; each other one adds its own capability. */
export const OPS_ROLES = ['administrator', 'content_editor', 'rewards_manager', 'customer_service', 'viewer'] as const;
export type OpsRole = (typeof OPS_ROLES)[number];

/** Each role as the console and the operators' API's refusals name it. */
export const OPS_ROLE_TEXT: Readonly<Record<OpsRole, string>> = {
  administrator: '管理员',
  content_editor: '内容编辑',
  rewards_manager: '奖励管理员',
  customer_service: '客服',
  viewer: '只读',
};
