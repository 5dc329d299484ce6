// The route table of SPEC §2, as plain data (no imports), so the budget check
// (bench/web-sizes.ts) can read which page module each route loads. Every page is a lazy chunk
// (app/page-loader.ts); `page` is the module path under src/. The operators' pages under /ops are not
// here: they are the console's, its own entry (src/console/console-routes.ts).

export interface RouteDef {
  path: string;
  name: string;
  /** Document title; none -> the default product title (SPEC §2). */
  title?: string;
  /** The page sets its own title from its content; the app neither sets nor sends one (SPEC §2). */
  defaultTitle?: boolean;
  /** Body background while the route is shown; none -> reset (SPEC §2). */
  background?: string;
  /** Designed full-screen with its own header: inside the app the app's status and title bar are hidden (docs/bridge.md 3.2). */
  fullScreen?: boolean;
  /** Needs a session: a logged-out visitor is sent to login with returnUrl back (app/login-guard.ts). */
  requiresLogin?: boolean;
  page: string;
}

export const ROUTES: readonly RouteDef[] = [
  { path: '/', name: 'home', fullScreen: true, page: 'app/pages/home-page.tsx' },
  { path: '/mine', name: 'mine', title: '我的', fullScreen: true, page: 'app/pages/mine-page.tsx' },
  // The surface colour as body background (white, or the dark surface in dark mode); the `pageTitle` query parameter overrides the title (SPEC §2).
  { path: '/login', name: 'login', title: '验证码登录', background: 'var(--c-surface)', page: 'features/auth/pages/login-page.tsx' },
  { path: '/test', name: 'test', page: 'features/diagnostics/pages/test-page.tsx' },
  { path: '/download', name: 'download', title: 'APP下载', page: 'features/download/pages/download-page.tsx' },
  { path: '/error500', name: 'error500', title: '500', page: 'features/errors/pages/error500-page.tsx' },
  { path: '/nfc', name: 'nfc', title: 'NFC读卡位置说明', page: 'features/content/pages/nfc-page.tsx' },
  // Points and redeem codes for vouchers (SPEC §1, §2; docs/api.md "Vouchers and exchange", "Redeem codes"); title empty -> default.
  { path: '/activity-exchange', name: 'activityExchange', requiresLogin: true, page: 'features/rewards/pages/activity-exchange-page.tsx' },
  { path: '/discover/detail', name: 'discoverDetail', defaultTitle: true, page: 'features/content/pages/discover-detail-page.tsx' },
  { path: '/discover/notice', name: 'discoverNotice', title: '公司公告', page: 'features/notices/pages/company-notice-page.tsx' },
  // Notices and the account's messages (SPEC §7 notice and message paths; docs/api.md "Notices, messages and content").
  { path: '/messages', name: 'messages', title: '消息中心', requiresLogin: true, page: 'features/notices/pages/messages-page.tsx' },
  { path: '/messages/notice', name: 'noticeDetail', title: '通知详情', page: 'features/notices/pages/notice-detail-page.tsx' },
  { path: '/mine/phone', name: 'changePhone', title: '更换手机号', requiresLogin: true, page: 'features/account/pages/change-phone-page.tsx' },
  // 账户与安全 (not in SPEC §2; docs/api.md "Account security"): signed-in devices with 下线, 登录记录, 更换手机号.
  { path: '/mine/security', name: 'security', title: '账户与安全', requiresLogin: true, page: 'features/security/pages/security-page.tsx' },
  { path: '/mine/signOff', name: 'signOff', title: '注销账号', requiresLogin: true, page: 'features/account/pages/sign-off-page.tsx' },
  // Every agreement the person accepted, with version and date (docs/api.md "Consent" my-agreements).
  { path: '/mine/agreements', name: 'agreements', title: '协议与政策', requiresLogin: true, page: 'app/pages/agreements-page.tsx' },
  // 个人信息 (not in SPEC §2; docs/api.md "Personal information"): the two lists, a copy of one's data, withdrawing consent.
  { path: '/mine/privacy', name: 'privacy', title: '个人信息', requiresLogin: true, page: 'features/privacy/pages/privacy-page.tsx' },
  { path: '/mine/privacy/export', name: 'privacyExport', title: '我的个人信息副本', requiresLogin: true, page: 'features/privacy/pages/data-export-page.tsx' },
  // 设置 (not in SPEC §2): 关怀模式 on this device and what follows the phone; open without a session, like home's switch.
  { path: '/mine/settings', name: 'settings', title: '设置', page: 'features/settings/pages/settings-page.tsx' },
  // 帮助与客服 (not in SPEC §2; docs/api.md "Help and customer service"): open without a session, as error pages link to it.
  { path: '/mine/help', name: 'help', title: '帮助与客服', page: 'features/help/pages/help-page.tsx' },
  // Identity certification (SPEC §1, §7; docs/api.md "Identity certification").
  { path: '/mine/identity', name: 'identity', title: '实名认证', requiresLogin: true, page: 'features/identity/pages/identity-page.tsx' },
  { path: '/mine/identity/idcard', name: 'identityIdCard', title: '实名认证', requiresLogin: true, page: 'features/identity/pages/idcard-page.tsx' },
  { path: '/mine/identity/face', name: 'identityFace', title: '人脸识别', requiresLogin: true, page: 'features/identity/pages/face-page.tsx' },
  {
    path: '/mine/identity/face-return',
    name: 'identityFaceReturn',
    title: '认证结果',
    requiresLogin: true,
    page: 'features/identity/pages/face-return-page.tsx',
  },
  // Bank cards (SPEC §1, §7; docs/api.md "Bank cards").
  { path: '/bank-cards', name: 'bankCards', title: '我的银行卡', requiresLogin: true, page: 'features/bank-cards/pages/bank-cards-page.tsx' },
  { path: '/bank-cards/bind', name: 'bindBankCard', title: '添加银行卡', requiresLogin: true, page: 'features/bank-cards/pages/bind-card-page.tsx' },
  { path: '/bank-cards/detail', name: 'bankCardDetail', title: '银行卡详情', requiresLogin: true, page: 'features/bank-cards/pages/card-detail-page.tsx' },
  {
    path: '/bank-cards/agreement',
    name: 'bankCardAgreement',
    title: '快捷支付协议',
    requiresLogin: true,
    page: 'features/bank-cards/pages/card-agreement-page.tsx',
  },
  { path: '/others/tydPreJump', name: 'tydPreJump', title: '授权登录', page: 'features/auth/pages/authorized-login-page.tsx' },
  // Points and the lucky draw (SPEC §1, §7 index; docs/api.md "Points and the lucky draw").
  { path: '/activity/lucky-draw', name: 'luckyDraw', title: '积分抽奖', requiresLogin: true, page: 'features/rewards/pages/lucky-draw-page.tsx' },
  { path: '/activity/points', name: 'points', title: '我的积分', requiresLogin: true, page: 'features/rewards/pages/points-page.tsx' },
  // Invitations (SPEC §1 invite codes; docs/api.md "Invitations").
  { path: '/activity/invite', name: 'invite', title: '邀请好友', requiresLogin: true, page: 'features/rewards/pages/invite-page.tsx' },
  // The new-user gift (SPEC §1, §2, §7 get-cloud-steward-url; docs/api.md "New-user gift").
  { path: '/cloudSteward/index', name: 'cloudStewardIndex', title: '新人礼', page: 'features/activity/pages/cloud-steward-page.tsx' },
];

/** Any other path (SPEC §2). */
export const NOT_FOUND_ROUTE: RouteDef = { path: '*', name: 'notFound', title: '404', page: 'features/errors/pages/not-found-page.tsx' };

export const LOGIN_PATH = '/login';

/** Route paths are case-sensitive, like the original history-mode router. */
export function matchRoute(path: string): RouteDef {
  return ROUTES.find((route) => route.path === path) ?? NOT_FOUND_ROUTE;
}
