// 已收集个人信息清单 (MIIT 信息通信服务感知提升行动 2021; PIPL art. 44, 17): made from what the database holds
// for this account, each kind with its purpose and where it was collected, and the person's own value masked
// as every other page masks it (SPEC §3; packages/protocol format.ts). A kind with nothing held says so
// (status none: 未收集); analytics records carry no account, so they are said to be collected but not linked.
import { maskIdNumber, maskName, maskPhone, type PersonalInfoKind, type PersonalInfoStatus } from '@tyd/protocol';
import type { AccountHoldings } from './personal-data.js';

export interface CollectedItem {
  kind: PersonalInfoKind;
  title: string;
  purpose: string;
  scenario: string;
  status: PersonalInfoStatus;
  value: string | null;
  collectedAt: number | null;
}

const ABOUT: Record<PersonalInfoKind, Pick<CollectedItem, 'title' | 'purpose' | 'scenario'>> = {
  phone: {
    title: '手机号码',
    purpose: '注册和登录账号，接收验证码和服务通知，保障账号安全',
    scenario: '注册、登录或更换手机号时由您填写',
  },
  identity: {
    title: '身份信息',
    purpose: '实名认证：依据《反洗钱法》等法律法规核实您的身份；绑定银行卡时核验持卡人',
    scenario: '实名认证时从您拍摄的身份证识别，经您核对确认',
  },
  'idcard-photos': {
    title: '身份证照片',
    purpose: '识别身份证信息，留存实名认证的证件影像',
    scenario: '实名认证时由您拍摄或从相册选择',
  },
  face: {
    title: '人脸识别结果',
    purpose: '确认进行实名认证的是您本人',
    scenario: '实名认证的人脸识别步骤；人脸图像由人脸核验服务方采集比对，我们只保存结果',
  },
  'bank-cards': {
    title: '银行卡信息',
    purpose: '借款放款和还款；核验银行卡属于您本人',
    scenario: '添加银行卡时由您填写卡号和银行预留手机号',
  },
  'device-log': {
    title: '设备与登录记录',
    purpose: '保持登录状态，识别异常登录，保障账号安全',
    scenario: '每次登录和使用时自动记录',
  },
  analytics: {
    title: '浏览与使用统计',
    purpose: '统计页面访问和加载性能，改进产品体验',
    scenario: '使用网页和 App 时自动记录页面浏览、停留时长和加载性能',
  },
};

const none = (kind: PersonalInfoKind): CollectedItem => ({ kind, ...ABOUT[kind], status: 'none', value: null, collectedAt: null });
const held = (kind: PersonalInfoKind, value: string, collectedAt: number): CollectedItem => ({ kind, ...ABOUT[kind], status: 'held', value, collectedAt });

const FACE_RESULT: Partial<Record<string, string>> = {
  verified: '已通过',
  'face-pending': '进行中',
  'face-mismatch': '未通过（非本人）',
  liveness: '未通过（活体检测）',
  abandoned: '未完成',
};

export function collectedList(holdings: AccountHoldings, now: number): CollectedItem[] {
  const { user, identity, cards, sessions } = holdings;
  const items: CollectedItem[] = [held('phone', maskPhone(user.phone), user.createdAt)];

  const person = identity?.confirmed ?? identity?.portrait.reading;
  items.push(
    identity && person
      ? held(
          'identity',
          `${maskName(person.name)} ${maskIdNumber(person.idNumber)}${identity.confirmed ? '' : '（已识别，尚未确认）'}`,
          identity.confirmedAt ?? identity.updatedAt,
        )
      : none('identity'),
  );

  const sides = [identity?.portrait.photoId && '人像面', identity?.emblem.photoId && '国徽面'].filter((side): side is string => Boolean(side));
  items.push(identity && sides.length > 0 ? held('idcard-photos', `${sides.join('、')}各1张，加密保存`, identity.updatedAt) : none('idcard-photos'));

  const faceResult = identity && (FACE_RESULT[identity.state] ?? (identity.failure ? FACE_RESULT[identity.failure] : undefined));
  items.push(identity && faceResult ? held('face', faceResult, identity.verifiedAt ?? identity.updatedAt) : none('face'));

  items.push(
    cards.length > 0
      ? held('bank-cards', cards.map((card) => `${card.bankName} ${card.maskedNumber}`).join('；'), Math.max(...cards.map((card) => card.boundAt)))
      : none('bank-cards'),
  );

  const live = sessions.filter((session) => session.revoked_at === null && session.expires_at > now);
  const latest = sessions[0];
  items.push(latest ? held('device-log', `有效登录 ${live.length} 个，登录记录 ${sessions.length} 条`, latest.created_at) : none('device-log'));

  items.push({ kind: 'analytics', ...ABOUT.analytics, status: 'not-linked', value: '匿名记录，不含手机号等身份信息，未与您的账号关联', collectedAt: null });
  return items;
}
