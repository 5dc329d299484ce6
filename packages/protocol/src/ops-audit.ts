// What the console needs to read the audit log and ask for reasons (docs/api.md "Operators: accounts,
// sign-in, approvals, audit"), zod-free like the roles: the endpoint objects of endpoints/ops/ check the same
// limits.
import { OPS_PATH } from './ops-paths.js';

/** A reason an operator gives (a grant's, a rejection's, a lookup's): 2 to 200 characters. */
export const OPS_REASON_LIMITS = { minChars: 2, maxChars: 200 } as const;

/** Entries per page of the audit log. */
export const OPS_AUDIT_PAGE = 50;

/** Each operators' call as the audit log names it, keyed by the action it keeps (`METHOD path`). */
export const OPS_ACTION_TEXT: Readonly<Record<string, string>> = {
  [`POST ${OPS_PATH.session}`]: '登录',
  [`POST ${OPS_PATH.enrolment}`]: '打开账号设置链接',
  [`POST ${OPS_PATH.enrolmentFinish}`]: '完成账号设置（本人设置密码与动态码）',
  [`POST ${OPS_PATH.sessionSignOut}`]: '退出登录',
  [`POST ${OPS_PATH.operators}`]: '添加运营人员',
  [`POST ${OPS_PATH.operatorDisable}`]: '停用运营人员',
  [`POST ${OPS_PATH.operatorReset}`]: '重置运营人员',
  [`POST ${OPS_PATH.approvalApprove}`]: '批准申请',
  [`POST ${OPS_PATH.approvalReject}`]: '驳回申请',
  [`POST ${OPS_PATH.approvalWithdraw}`]: '撤回申请',
  [`POST ${OPS_PATH.approvalResult}`]: '领取批准结果',
  [`POST ${OPS_PATH.content}`]: '新建内容',
  [`PUT ${OPS_PATH.contentItem}`]: '修改内容',
  [`POST ${OPS_PATH.contentPublish}`]: '发布内容',
  [`POST ${OPS_PATH.contentUnpublish}`]: '下线内容',
  [`POST ${OPS_PATH.contentPreview}`]: '预览内容',
  [`POST ${OPS_PATH.rewardsPrize}`]: '修改奖品',
  [`POST ${OPS_PATH.rewardsItems}`]: '添加卡券',
  [`POST ${OPS_PATH.rewardsItem}`]: '修改权益',
  [`POST ${OPS_PATH.rewardsBatches}`]: '生成兑换码批次',
  [`POST ${OPS_PATH.rewardsBatchRevoke}`]: '作废兑换码批次',
  [`PUT ${OPS_PATH.rewardsGift}`]: '修改新人礼包',
  [`POST ${OPS_PATH.rewardsGrants}`]: '发放积分',
  [`POST ${OPS_PATH.helpQuestionAnswer}`]: '回复用户提问',
  [`POST ${OPS_PATH.outboxRetry}`]: '重试投递',
  [`POST ${OPS_PATH.outboxDiscard}`]: '丢弃投递',
  [`POST ${OPS_PATH.usersLookup}`]: '客服查询账户',
  [`POST ${OPS_PATH.userEndSessions}`]: '下线账户全部设备',
  [`POST ${OPS_PATH.userFreeze}`]: '冻结账户',
  [`POST ${OPS_PATH.userUnfreeze}`]: '申请解冻账户',
  // The admin command's own entries (admin/operators-cli.ts), on the server's command line.
  'operators add': '命令行：添加运营人员',
  'operators reset': '命令行：重置运营人员',
};

/** An entry's outcome as the console says it. */
export const OPS_AUDIT_OUTCOME_TEXT = { done: '已执行', requested: '已提交审批', refused: '被拒绝' } as const;
