// Words of the desk for what the server answers as codes (docs/api.md "Customer-service desk"), in the
// operators' language; the sign-in results and question states come from the protocol's own tables.
import type { DeskSessionState, IdentityState } from '@tyd/protocol/wire';
import type { MessageKind, PointsReason } from '@tyd/protocol/schemas';

export const IDENTITY_STATE_TEXT: Readonly<Record<IdentityState, string>> = {
  'not-started': '未开始认证',
  'documents-read': '已上传身份证，待确认信息',
  'identity-confirmed': '信息已确认，待人脸识别',
  'face-pending': '人脸识别进行中',
  verified: '已实名认证',
  failed: '认证未通过',
};

export const SESSION_STATE_TEXT: Readonly<Record<DeskSessionState, string>> = { live: '登录中', ended: '已结束', expired: '已过期' };

export const MESSAGE_KIND_TEXT: Readonly<Record<MessageKind, string>> = {
  security: '安全',
  identity: '实名',
  'bank-card': '银行卡',
  rewards: '积分与奖励',
  system: '系统',
  service: '客服',
};

export const POINTS_REASON_TEXT: Readonly<Record<PointsReason, string>> = {
  'draw-cost': '抽奖消耗',
  'draw-prize': '抽奖奖励',
  expiry: '积分过期',
  'operator-grant': '运营发放',
  'invite-reward': '邀请奖励',
  'new-user-gift': '新人礼',
  exchange: '兑换',
  'redeem-code': '兑换码',
};
