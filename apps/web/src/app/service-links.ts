// The capabilities' entry pages, listed on home and (some of them) on 我的. Capabilities add their
// entries here as they arrive.
import type { LinkListItem } from '../components/link-list';

export const SERVICE_LINKS: readonly LinkListItem[] = [
  { to: '/discover/notice', label: '公司公告', hint: '通盈达的最新公告' },
  { to: '/cloudSteward/index', label: '新人礼', hint: '新用户专享礼包', promo: true },
  { to: '/activity-exchange', label: '积分兑换', hint: '用抽奖积分兑换奖品', promo: true },
  { to: '/activity/invite', label: '邀请好友', hint: '好友完成实名认证，您得积分', promo: true },
  { to: '/nfc', label: 'NFC读卡位置说明', hint: '用手机读取身份证前请看' },
  { to: '/download', label: 'APP下载', hint: '下载通盈达 App', browserOnly: true },
];

export const MINE_LINKS: readonly LinkListItem[] = [
  { to: '/activity/points', label: '我的积分', hint: '积分余额、明细与过期时间' },
  ...SERVICE_LINKS.filter((link) => link.to === '/activity/invite' || link.to === '/discover/notice' || link.to === '/download'),
  { to: '/mine/help', label: '帮助与客服', hint: '常见问题、客服电话与在线提问' },
  { to: '/mine/settings', label: '设置', hint: '关怀模式与深色模式' },
  { to: '/agreements/privacy', label: '隐私政策', hint: '我们如何收集和保护您的信息', external: true },
];

/** The account's own settings, on 我的 when logged in. */
export const ACCOUNT_LINKS: readonly LinkListItem[] = [
  { to: '/mine/security', label: '账户与安全', hint: '登录设备管理、登录记录' },
  { to: '/mine/phone', label: '更换手机号', hint: '验证当前手机号后绑定新号码' },
  { to: '/mine/agreements', label: '协议与政策', hint: '您同意过的协议、版本与日期' },
  { to: '/mine/privacy', label: '个人信息', hint: '已收集与共享的信息、导出副本、撤回同意' },
];
