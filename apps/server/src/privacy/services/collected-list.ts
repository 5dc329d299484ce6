// 已收集个人信息清单 (MIIT 信息通信服务感知提升行动 2021; PIPL art. 44, 17): made from what the database holds
// for this account, each kind with its purpose and where it was collected, and the person's own value masked
// as every other page masks it (SPEC §3; packages/protocol format.ts). A kind with nothing held says so
// (status none: 未收集); analytics records carry no account, so they are said to be collected but not linked.
// Every table that holds an account's data is behind one of these kinds (../personal-tables.ts); the rows
// themselves are in the copy (personal-data.ts), here they are counted.
import { chinaDateTime, maskIdNumber, maskName, maskPhone, type PersonalInfoKind, type PersonalInfoStatus } from '@tyd/protocol';
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
  'login-devices': {
    title: '登录设备',
    purpose: '保持登录状态；在“账户与安全”中列出登录中的设备，供您识别和下线陌生设备',
    scenario: '登录时记录设备型号、系统、App或浏览器；使用时记录最近活动时间、大致地区和打码的IP地址（不保存完整IP地址）',
  },
  'login-records': {
    title: '登录记录',
    purpose: '记录每次登录和验证码未通过的登录尝试，帮助您发现异常登录，保障账号安全',
    scenario: '每次登录或登录验证码未通过时自动记录时间、结果、设备、大致地区和打码的IP地址，保留30天',
  },
  consents: {
    title: '同意记录',
    purpose: '证明处理您的个人信息已取得您的同意，记录您对隐私政策和服务协议的同意与撤回',
    scenario: '登录时勾选同意、拒绝或撤回同意时记录版本和时间',
  },
  invitations: {
    title: '邀请信息',
    purpose: '邀请好友注册，向邀请人发放邀请奖励',
    scenario: '注册时生成您的邀请码；使用他人邀请码注册、或您邀请的好友完成实名认证时记录',
  },
  rewards: {
    title: '积分、卡券与活动记录',
    purpose: '发放和使用积分、卡券，防止重复领取和超发',
    scenario: '抽奖、积分兑换、使用兑换码、领取新人礼和获得邀请奖励时自动记录',
  },
  messages: {
    title: '消息与公告阅读记录',
    purpose: '向您发送账号安全、认证、银行卡和积分等通知，标记已读',
    scenario: '相关业务发生时由系统生成消息；阅读消息或公告时记录已读',
  },
  questions: {
    title: '客服提问',
    purpose: '由客服回复您的问题',
    scenario: '在“帮助与客服”中提问时由您填写',
  },
  analytics: {
    title: '浏览与使用统计',
    purpose: '统计页面访问和加载性能，改进产品体验',
    scenario: '使用网页和 App 时自动记录页面浏览、停留时长和加载性能',
  },
};

const none = (kind: PersonalInfoKind): CollectedItem => ({ kind, ...ABOUT[kind], status: 'none', value: null, collectedAt: null });
const held = (kind: PersonalInfoKind, value: string, collectedAt: number): CollectedItem => ({ kind, ...ABOUT[kind], status: 'held', value, collectedAt });

const CONSENT_DECISION: Readonly<Record<string, string>> = { accepted: '同意', declined: '不同意', withdrawn: '撤回同意' };

/** The latest of times that may be missing; null when all are. */
const latest = (...times: (number | null | undefined)[]): number | null => {
  const known = times.filter((at): at is number => typeof at === 'number');
  return known.length > 0 ? Math.max(...known) : null;
};

/** Held with `value` when there is a time to show, 未收集 otherwise. */
const heldIf = (kind: PersonalInfoKind, value: string, at: number | null): CollectedItem => (at === null ? none(kind) : held(kind, value, at));

const FACE_RESULT: Partial<Record<string, string>> = {
  verified: '已通过',
  'face-pending': '进行中',
  'face-mismatch': '未通过（非本人）',
  liveness: '未通过（活体检测）',
  abandoned: '未完成',
};

export function collectedList(holdings: AccountHoldings): CollectedItem[] {
  const { user, identity, cards, profile, consents, summary: s } = holdings;
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

  items.push(
    heldIf(
      'login-devices',
      `登录中 ${s.liveSessions} 台，设备记录共 ${s.sessions} 条（含已退出）${s.lastDevice ? `；最近：${s.lastDevice}` : ''}`,
      s.lastSessionAt,
    ),
  );
  items.push(heldIf('login-records', `登录成功 ${s.signIns} 次，验证码未通过 ${s.refusedSignIns} 次`, s.lastSignInAt));

  const lastConsent = consents.at(-1);
  items.push(
    lastConsent
      ? held(
          'consents',
          `最近：${CONSENT_DECISION[lastConsent.decision] ?? lastConsent.decision}（版本 ${lastConsent.version}），共 ${consents.length} 条`,
          lastConsent.decidedAt,
        )
      : none('consents'),
  );

  items.push(
    profile
      ? held(
          'invitations',
          [
            `邀请码 ${profile.inviteCode}`,
            `受邀注册：${profile.invitedBy ? '是' : '否'}`,
            ...(s.inviteRewards > 0 ? [`邀请奖励 ${s.inviteRewards} 次`] : []),
          ].join('；'),
          latest(profile.createdAt, s.lastInviteRewardAt) ?? profile.createdAt,
        )
      : none('invitations'),
  );

  const rewards = [
    s.pointsEntries > 0 && `积分 ${s.pointsBalance}（明细 ${s.pointsEntries} 条）`,
    s.vouchers > 0 && `卡券 ${s.vouchers} 张`,
    s.draws > 0 && `抽奖 ${s.draws} 次`,
    s.redeemedCodes > 0 && `兑换码 ${s.redeemedCodes} 个`,
    s.giftClaimedAt !== null && '新人礼已领取',
  ].filter((part): part is string => typeof part === 'string');
  items.push(heldIf('rewards', rewards.join('；'), latest(s.lastPointsAt, s.lastVoucherAt, s.lastDrawAt, s.lastRedeemedAt, s.giftClaimedAt)));

  const messages = [
    s.messages > 0 && `消息 ${s.messages} 条（未读 ${s.unreadMessages} 条）`,
    s.noticesReadThrough !== null && s.noticesReadThrough > 0 && `公告已读至 ${chinaDateTime(s.noticesReadThrough)}`,
    s.noticesRead > 0 && `已读通知 ${s.noticesRead} 条`,
  ].filter((part): part is string => typeof part === 'string');
  items.push(heldIf('messages', messages.join('；'), messages.length > 0 ? latest(s.lastMessageAt, s.noticesReadThrough, s.lastNoticeReadAt) : null));

  items.push(heldIf('questions', `提问 ${s.questions} 条（已回复 ${s.answeredQuestions} 条）`, s.lastQuestionAt));

  items.push({ kind: 'analytics', ...ABOUT.analytics, status: 'not-linked', value: '匿名记录，不含手机号等身份信息，未与您的账号关联', collectedAt: null });
  return items;
}
