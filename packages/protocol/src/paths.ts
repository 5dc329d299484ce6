// Every product call's path under API_BASE (SPEC §7), in one table: the endpoint schemas, the server's
// routes and the web's API calls all take their paths from here, so a path is written once.
// Zod-free, so a client can import it without any schema code.
export const API_PATH = {
  // Content.
  tydNoticeDetail: '/v1/content/tyd-notice-detail',
  newInformationInfo: '/v1/content/new-information-info-v1',
  getCloudStewardUrl: '/v1/content/get-cloud-steward-url',
  phoneBrandList: '/v1/content/phone-brand-list',
  phoneTypeList: '/v1/content/phone-type-list',
  // Not in SPEC §7's list: the published 常见问题 by category, for 帮助与客服 (docs/api.md "Help and customer service").
  faqList: '/v1/content/faq-list',
  // Notice.
  homePageNotice: '/v1/notice/home-page-notice',
  noticeList: '/v1/notice/notice-list',
  noticeDetail: '/v1/notice/notice-detail',
  clearUnreadNotice: '/v1/notice/clear-unread-notice',
  // Index.
  getLuckyDrawUrl: '/v1/index/get-lucky-draw-url',
  updateLuckyPoints: '/v1/index/update-lucky-points',
  // Not in SPEC §7's list: what the lucky-draw page shows (prizes, odds, rules), the user's draws and
  // points ledger (docs/api.md "Points and the lucky draw").
  luckyDrawInfo: '/v1/index/lucky-draw-info',
  luckyDrawHistory: '/v1/index/lucky-draw-history',
  pointsLedger: '/v1/index/points-ledger',
  // Not in SPEC §7's list: activity exchange (/activity-exchange, SPEC §2) of points for vouchers, the
  // user's vouchers, and redeem codes (docs/api.md "Vouchers and exchange", "Redeem codes").
  exchangeInfo: '/v1/index/exchange-info',
  exchangePoints: '/v1/index/exchange-points',
  myVouchers: '/v1/index/my-vouchers',
  redeemCode: '/v1/index/redeem-code',
  // Not in SPEC §7's list: what the new-user gift page shows, and the claim (docs/api.md "New-user gift").
  newUserGiftInfo: '/v1/index/new-user-gift-info',
  claimNewUserGift: '/v1/index/claim-new-user-gift',
  // User.
  login: '/v1/user/login',
  userLoginV1: '/v1/user/user-login-v1',
  logout: '/v1/user/logout',
  cancel: '/v1/user/cancel',
  smsSendV1: '/v1/user/sms-send-v1',
  verifyPhone: '/v1/user/verify-phone',
  savePhone: '/v1/user/save-phone',
  userDetail: '/v1/user/user-detail',
  userDetailV1: '/v1/user/user-detail-v1',
  bankListNew: '/v1/user/bank-listnew',
  bankList: '/v1/user/bank-list',
  bindBankcard: '/v1/user/bind-bankcard',
  userBindBankcard: '/v1/user/user-bind-bankcard',
  bankCardList: '/v1/user/bank-card-list',
  bankcardInfo: '/v1/user/bankcard-info',
  // Not in SPEC §7's list: unbinding a card and choosing the default one (docs/api.md "Bank cards").
  unbindBankcard: '/v1/user/unbind-bankcard',
  setDefaultBankcard: '/v1/user/set-default-bankcard',
  h5FaceUrl: '/v1/user/h5-face-url',
  h5FaceVerify: '/v1/user/h5-face-verify',
  certificationInfo: '/v1/user/certification-info',
  certification: '/v1/user/certification',
  idcardOcr: '/v1/user/idcard-ocr',
  // Not in SPEC §7's list: the kept readings, so the check step survives a reload (docs/api.md "Identity certification").
  idcardReadings: '/v1/user/idcard-readings',
  inviteCode: '/v1/user/invite-code',
  verifyInviteCode: '/v1/user/verify-invite-code',
  // Not in SPEC §7's list: the accounts registered with the caller's invite code (docs/api.md "Invitations").
  myInvitees: '/v1/user/my-invitees',
  checkLogin: '/v1/user/check-login',
  privacyPolicyStatus: '/v1/user/privacy-policy-status',
  privacyPolicy: '/v1/user/privacy-policy',
  // Not in SPEC §7's list: the legal documents the person agreed to, with versions and dates (docs/api.md "Consent").
  myAgreements: '/v1/user/my-agreements',
  getUserUnprivacyInfo: '/v1/user/get-user-unprivacy-info',
  renewInfo: '/v1/user/renew-info',
  renewExpire: '/v1/user/renew-expire',
  messageRead: '/v1/user/message-read',
  messageUnread: '/v1/user/message-unread',
  messageList: '/v1/user/message-list',
  // Not in SPEC §7's list: leaving a question for customer service and reading one's own, with their
  // answers (docs/api.md "Help and customer service").
  askQuestion: '/v1/user/ask-question',
  myQuestions: '/v1/user/my-questions',
  // Not in SPEC §7's list: 账户与安全 (docs/api.md "Account security"): the account's signed-in devices, ending
  // one or all others, and its sign-in records of the last 30 days.
  loginDevices: '/v1/user/login-devices',
  endSession: '/v1/user/end-session',
  endOtherSessions: '/v1/user/end-other-sessions',
  loginRecords: '/v1/user/login-records',
  // Not in SPEC §7's list: 个人信息 (PIPL art. 44–47; docs/api.md "Personal information"): the two lists MIIT
  // asks for, a copy of one's data after an SMS code, fetched once, withdrawing consent, and what
  // deregistration would take (/mine/signOff).
  personalInfoList: '/v1/user/personal-info-list',
  thirdPartySharingList: '/v1/user/third-party-sharing-list',
  requestDataExport: '/v1/user/request-data-export',
  downloadDataExport: '/v1/user/download-data-export',
  withdrawConsent: '/v1/user/withdraw-consent',
  deregistrationImpact: '/v1/user/deregistration-impact',
  authorizedLogin: '/v1/user/authorized-login',
  getAppDownloadUrl: '/v1/user/getAppDownloadUrl',
  // Not in SPEC §7's list: minting the one-time code that /others/tydPreJump redeems (docs/api.md).
  authorizedCode: '/v1/user/authorized-code',
  // Not in SPEC §7's list: photo uploads in sealed parts, for identity certification (docs/protocol.md §14).
  uploadStart: '/v1/upload/start',
  uploadPart: '/v1/upload/part',
  uploadFinish: '/v1/upload/finish',
} as const;

export type ApiPath = (typeof API_PATH)[keyof typeof API_PATH];
