// One reference per endpoint for clients that must not load the schemas (docs/architecture.md "The typed
// call"): a ref holds only the path, yet carries the endpoint's request and response types, so a call
// made with it is typed by the endpoint itself and no caller restates a payload or answer type. The
// schema modules are imported for their types only (`import type` is erased, verbatimModuleSyntax), so
// this module and @tyd/protocol/wire stay zod-free (paths.test.ts). endpoint-refs.test.ts proves the refs
// and the registry name the same endpoints with the same paths, so they cannot drift.
import type { input } from 'zod/v4/core';
import { API_BASE } from './constants.js';
import type { Endpoint, EndpointResponseData } from './endpoints/define-endpoint.js';
import type { bankCardList as BankCardList, bankcardInfo as BankcardInfo, setDefaultBankcard as SetDefaultBankcard, unbindBankcard as UnbindBankcard } from './endpoints/bank-cards/bank-card-list.js';
import type { bankList as BankList, bankListNew as BankListNew } from './endpoints/bank-cards/bank-lists.js';
import type { bindBankcard as BindBankcard, userBindBankcard as UserBindBankcard } from './endpoints/bank-cards/bind-bankcard.js';
import type { newInformationInfo as NewInformationInfo } from './endpoints/content/new-information-info.js';
import type { phoneBrandList as PhoneBrandList, phoneTypeList as PhoneTypeList } from './endpoints/content/phone-models.js';
import type { tydNoticeDetail as TydNoticeDetail } from './endpoints/content/tyd-notice-detail.js';
import type { certificationInfo as CertificationInfo } from './endpoints/identity/certification-info.js';
import type { certification as Certification } from './endpoints/identity/certification.js';
import type { h5FaceUrl as H5FaceUrl } from './endpoints/identity/h5-face-url.js';
import type { h5FaceVerify as H5FaceVerify } from './endpoints/identity/h5-face-verify.js';
import type { idcardOcr as IdcardOcr } from './endpoints/identity/idcard-ocr.js';
import type { idcardReadings as IdcardReadings } from './endpoints/identity/idcard-readings.js';
import type { messageList as MessageList } from './endpoints/message/message-list.js';
import type { messageRead as MessageRead } from './endpoints/message/message-read.js';
import type { messageUnread as MessageUnread } from './endpoints/message/message-unread.js';
import type { clearUnreadNotice as ClearUnreadNotice } from './endpoints/notice/clear-unread-notice.js';
import type { homePageNotice as HomePageNotice } from './endpoints/notice/home-page-notice.js';
import type { noticeDetail as NoticeDetail } from './endpoints/notice/notice-detail.js';
import type { noticeList as NoticeList } from './endpoints/notice/notice-list.js';
import type { claimNewUserGift as ClaimNewUserGift } from './endpoints/rewards/claim-new-user-gift.js';
import type { exchangeInfo as ExchangeInfo } from './endpoints/rewards/exchange-info.js';
import type { exchangePoints as ExchangePoints } from './endpoints/rewards/exchange-points.js';
import type { getCloudStewardUrl as GetCloudStewardUrl } from './endpoints/rewards/get-cloud-steward-url.js';
import type { getLuckyDrawUrl as GetLuckyDrawUrl } from './endpoints/rewards/get-lucky-draw-url.js';
import type { luckyDrawHistory as LuckyDrawHistory } from './endpoints/rewards/lucky-draw-history.js';
import type { luckyDrawInfo as LuckyDrawInfo } from './endpoints/rewards/lucky-draw-info.js';
import type { myInvitees as MyInvitees } from './endpoints/rewards/my-invitees.js';
import type { myVouchers as MyVouchers } from './endpoints/rewards/my-vouchers.js';
import type { newUserGiftInfo as NewUserGiftInfo } from './endpoints/rewards/new-user-gift-info.js';
import type { pointsLedger as PointsLedger } from './endpoints/rewards/points-ledger.js';
import type { redeemCode as RedeemCode } from './endpoints/rewards/redeem-code.js';
import type { updateLuckyPoints as UpdateLuckyPoints } from './endpoints/rewards/update-lucky-points.js';
import type { finishUpload as FinishUpload } from './endpoints/upload/finish-upload.js';
import type { startUpload as StartUpload } from './endpoints/upload/start-upload.js';
import type { uploadPart as UploadPart } from './endpoints/upload/upload-part.js';
import type { authorizedCode as AuthorizedCode } from './endpoints/user/authorized-code.js';
import type { authorizedLogin as AuthorizedLogin } from './endpoints/user/authorized-login.js';
import type { cancelAccount as CancelAccount } from './endpoints/user/cancel.js';
import type { checkLogin as CheckLogin } from './endpoints/user/check-login.js';
import type { getAppDownloadUrl as GetAppDownloadUrl } from './endpoints/user/get-app-download-url.js';
import type { getUserUnprivacyInfo as GetUserUnprivacyInfo } from './endpoints/user/get-user-unprivacy-info.js';
import type { inviteCode as InviteCode } from './endpoints/user/invite-code.js';
import type { login as Login, userLoginV1 as UserLoginV1 } from './endpoints/user/login.js';
import type { logout as Logout } from './endpoints/user/logout.js';
import type { privacyPolicyStatus as PrivacyPolicyStatus } from './endpoints/user/privacy-policy-status.js';
import type { privacyPolicy as PrivacyPolicy } from './endpoints/user/privacy-policy.js';
import type { renewExpire as RenewExpire } from './endpoints/user/renew-expire.js';
import type { renewInfo as RenewInfo } from './endpoints/user/renew-info.js';
import type { savePhone as SavePhone } from './endpoints/user/save-phone.js';
import type { sendSmsCode as SendSmsCode } from './endpoints/user/send-sms-code.js';
import type { userDetail as UserDetail, userDetailV1 as UserDetailV1 } from './endpoints/user/user-detail.js';
import type { verifyInviteCode as VerifyInviteCode } from './endpoints/user/verify-invite-code.js';
import type { verifyPhone as VerifyPhone } from './endpoints/user/verify-phone.js';
import { API_PATH } from './paths.js';

/** Never set at run time: it only carries the endpoint's type from a ref to the call made with it. */
declare const endpointType: unique symbol;

/** The path of one endpoint, typed by that endpoint (its request and response schemas' types). */
export interface EndpointRef<E extends Endpoint = Endpoint> {
  readonly path: E['path'];
  /** The path on the wire, under API_BASE (what the envelope AAD and the signature cover). */
  readonly fullPath: E['fullPath'];
  readonly [endpointType]?: E;
}

/** What a caller sends: the request schema's input (docs/protocol.md: the payload before the server parses it). */
export type RefRequest<R extends EndpointRef> = R extends EndpointRef<infer E> ? input<E['request']> : never;
/** The `data` of a code '200' answer, as the response schema outputs it. */
export type RefResponse<R extends EndpointRef> = R extends EndpointRef<infer E> ? EndpointResponseData<E> : never;

// The endpoint type comes from the declared type of each constant below; a path that is not that
// endpoint's path does not compile. Pure, so a bundle keeps only the refs it calls.
function ref<E extends Endpoint>(path: E['path']): EndpointRef<E> {
  return Object.freeze({ path, fullPath: `${API_BASE}${path}` as E['fullPath'] });
}

// Named as the endpoint objects are (packages/protocol/src/endpoints, registry.ts).
export const checkLogin: EndpointRef<typeof CheckLogin> = /* @__PURE__ */ ref(API_PATH.checkLogin);
export const logout: EndpointRef<typeof Logout> = /* @__PURE__ */ ref(API_PATH.logout);
export const sendSmsCode: EndpointRef<typeof SendSmsCode> = /* @__PURE__ */ ref(API_PATH.smsSendV1);
export const login: EndpointRef<typeof Login> = /* @__PURE__ */ ref(API_PATH.login);
export const userLoginV1: EndpointRef<typeof UserLoginV1> = /* @__PURE__ */ ref(API_PATH.userLoginV1);
export const verifyPhone: EndpointRef<typeof VerifyPhone> = /* @__PURE__ */ ref(API_PATH.verifyPhone);
export const savePhone: EndpointRef<typeof SavePhone> = /* @__PURE__ */ ref(API_PATH.savePhone);
export const userDetail: EndpointRef<typeof UserDetail> = /* @__PURE__ */ ref(API_PATH.userDetail);
export const userDetailV1: EndpointRef<typeof UserDetailV1> = /* @__PURE__ */ ref(API_PATH.userDetailV1);
export const privacyPolicy: EndpointRef<typeof PrivacyPolicy> = /* @__PURE__ */ ref(API_PATH.privacyPolicy);
export const privacyPolicyStatus: EndpointRef<typeof PrivacyPolicyStatus> = /* @__PURE__ */ ref(API_PATH.privacyPolicyStatus);
export const getUserUnprivacyInfo: EndpointRef<typeof GetUserUnprivacyInfo> = /* @__PURE__ */ ref(API_PATH.getUserUnprivacyInfo);
export const renewInfo: EndpointRef<typeof RenewInfo> = /* @__PURE__ */ ref(API_PATH.renewInfo);
export const renewExpire: EndpointRef<typeof RenewExpire> = /* @__PURE__ */ ref(API_PATH.renewExpire);
export const cancelAccount: EndpointRef<typeof CancelAccount> = /* @__PURE__ */ ref(API_PATH.cancel);
export const authorizedLogin: EndpointRef<typeof AuthorizedLogin> = /* @__PURE__ */ ref(API_PATH.authorizedLogin);
export const authorizedCode: EndpointRef<typeof AuthorizedCode> = /* @__PURE__ */ ref(API_PATH.authorizedCode);
export const inviteCode: EndpointRef<typeof InviteCode> = /* @__PURE__ */ ref(API_PATH.inviteCode);
export const myInvitees: EndpointRef<typeof MyInvitees> = /* @__PURE__ */ ref(API_PATH.myInvitees);
export const verifyInviteCode: EndpointRef<typeof VerifyInviteCode> = /* @__PURE__ */ ref(API_PATH.verifyInviteCode);
export const getAppDownloadUrl: EndpointRef<typeof GetAppDownloadUrl> = /* @__PURE__ */ ref(API_PATH.getAppDownloadUrl);
export const startUpload: EndpointRef<typeof StartUpload> = /* @__PURE__ */ ref(API_PATH.uploadStart);
export const uploadPart: EndpointRef<typeof UploadPart> = /* @__PURE__ */ ref(API_PATH.uploadPart);
export const finishUpload: EndpointRef<typeof FinishUpload> = /* @__PURE__ */ ref(API_PATH.uploadFinish);
export const idcardOcr: EndpointRef<typeof IdcardOcr> = /* @__PURE__ */ ref(API_PATH.idcardOcr);
export const idcardReadings: EndpointRef<typeof IdcardReadings> = /* @__PURE__ */ ref(API_PATH.idcardReadings);
export const certification: EndpointRef<typeof Certification> = /* @__PURE__ */ ref(API_PATH.certification);
export const certificationInfo: EndpointRef<typeof CertificationInfo> = /* @__PURE__ */ ref(API_PATH.certificationInfo);
export const h5FaceUrl: EndpointRef<typeof H5FaceUrl> = /* @__PURE__ */ ref(API_PATH.h5FaceUrl);
export const h5FaceVerify: EndpointRef<typeof H5FaceVerify> = /* @__PURE__ */ ref(API_PATH.h5FaceVerify);
export const phoneBrandList: EndpointRef<typeof PhoneBrandList> = /* @__PURE__ */ ref(API_PATH.phoneBrandList);
export const phoneTypeList: EndpointRef<typeof PhoneTypeList> = /* @__PURE__ */ ref(API_PATH.phoneTypeList);
export const tydNoticeDetail: EndpointRef<typeof TydNoticeDetail> = /* @__PURE__ */ ref(API_PATH.tydNoticeDetail);
export const newInformationInfo: EndpointRef<typeof NewInformationInfo> = /* @__PURE__ */ ref(API_PATH.newInformationInfo);
export const homePageNotice: EndpointRef<typeof HomePageNotice> = /* @__PURE__ */ ref(API_PATH.homePageNotice);
export const noticeList: EndpointRef<typeof NoticeList> = /* @__PURE__ */ ref(API_PATH.noticeList);
export const noticeDetail: EndpointRef<typeof NoticeDetail> = /* @__PURE__ */ ref(API_PATH.noticeDetail);
export const clearUnreadNotice: EndpointRef<typeof ClearUnreadNotice> = /* @__PURE__ */ ref(API_PATH.clearUnreadNotice);
export const messageList: EndpointRef<typeof MessageList> = /* @__PURE__ */ ref(API_PATH.messageList);
export const messageRead: EndpointRef<typeof MessageRead> = /* @__PURE__ */ ref(API_PATH.messageRead);
export const messageUnread: EndpointRef<typeof MessageUnread> = /* @__PURE__ */ ref(API_PATH.messageUnread);
export const luckyDrawInfo: EndpointRef<typeof LuckyDrawInfo> = /* @__PURE__ */ ref(API_PATH.luckyDrawInfo);
export const updateLuckyPoints: EndpointRef<typeof UpdateLuckyPoints> = /* @__PURE__ */ ref(API_PATH.updateLuckyPoints);
export const luckyDrawHistory: EndpointRef<typeof LuckyDrawHistory> = /* @__PURE__ */ ref(API_PATH.luckyDrawHistory);
export const pointsLedger: EndpointRef<typeof PointsLedger> = /* @__PURE__ */ ref(API_PATH.pointsLedger);
export const getLuckyDrawUrl: EndpointRef<typeof GetLuckyDrawUrl> = /* @__PURE__ */ ref(API_PATH.getLuckyDrawUrl);
export const exchangeInfo: EndpointRef<typeof ExchangeInfo> = /* @__PURE__ */ ref(API_PATH.exchangeInfo);
export const exchangePoints: EndpointRef<typeof ExchangePoints> = /* @__PURE__ */ ref(API_PATH.exchangePoints);
export const myVouchers: EndpointRef<typeof MyVouchers> = /* @__PURE__ */ ref(API_PATH.myVouchers);
export const redeemCode: EndpointRef<typeof RedeemCode> = /* @__PURE__ */ ref(API_PATH.redeemCode);
export const newUserGiftInfo: EndpointRef<typeof NewUserGiftInfo> = /* @__PURE__ */ ref(API_PATH.newUserGiftInfo);
export const claimNewUserGift: EndpointRef<typeof ClaimNewUserGift> = /* @__PURE__ */ ref(API_PATH.claimNewUserGift);
export const getCloudStewardUrl: EndpointRef<typeof GetCloudStewardUrl> = /* @__PURE__ */ ref(API_PATH.getCloudStewardUrl);
export const bankListNew: EndpointRef<typeof BankListNew> = /* @__PURE__ */ ref(API_PATH.bankListNew);
export const bankList: EndpointRef<typeof BankList> = /* @__PURE__ */ ref(API_PATH.bankList);
export const bindBankcard: EndpointRef<typeof BindBankcard> = /* @__PURE__ */ ref(API_PATH.bindBankcard);
export const userBindBankcard: EndpointRef<typeof UserBindBankcard> = /* @__PURE__ */ ref(API_PATH.userBindBankcard);
export const bankCardList: EndpointRef<typeof BankCardList> = /* @__PURE__ */ ref(API_PATH.bankCardList);
export const bankcardInfo: EndpointRef<typeof BankcardInfo> = /* @__PURE__ */ ref(API_PATH.bankcardInfo);
export const unbindBankcard: EndpointRef<typeof UnbindBankcard> = /* @__PURE__ */ ref(API_PATH.unbindBankcard);
export const setDefaultBankcard: EndpointRef<typeof SetDefaultBankcard> = /* @__PURE__ */ ref(API_PATH.setDefaultBankcard);
