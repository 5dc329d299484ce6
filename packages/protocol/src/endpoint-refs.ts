// One reference per endpoint for clients that must not load the schemas (docs/architecture.md "The typed
// call"): a ref holds only the path, yet carries the endpoint's request and response types, so a call
// made with it is typed by the endpoint itself and no caller restates a payload or answer type. The
// schema modules are imported for their types only (`import type` is erased, verbatimModuleSyntax), so
// this module and @tyd/protocol/wire stay zod-free (paths.test.ts). endpoint-refs.test.ts proves the refs
// and the registry name the same endpoints with the same paths, so they cannot drift.
import type { input } from 'zod/v4/core';
import { API_BASE } from './constants.js';
import type { Endpoint, EndpointResponseData } from './endpoints/define-endpoint.js';
import type {
  bankCardList as BankCardList,
  bankcardInfo as BankcardInfo,
  setDefaultBankcard as SetDefaultBankcard,
  unbindBankcard as UnbindBankcard,
} from './endpoints/bank-cards/bank-card-list.js';
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
import type { askQuestion as AskQuestion } from './endpoints/help/ask-question.js';
import type { faqList as FaqList } from './endpoints/help/faq-list.js';
import type { myQuestions as MyQuestions } from './endpoints/help/my-questions.js';
import type { endOtherSessions as EndOtherSessions } from './endpoints/security/end-other-sessions.js';
import type { endSession as EndSession } from './endpoints/security/end-session.js';
import type { loginDevices as LoginDevices } from './endpoints/security/login-devices.js';
import type { loginRecords as LoginRecords } from './endpoints/security/login-records.js';
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
import type { deregistrationImpact as DeregistrationImpact } from './endpoints/privacy/deregistration-impact.js';
import type { downloadDataExport as DownloadDataExport } from './endpoints/privacy/download-data-export.js';
import type { personalInfoList as PersonalInfoList } from './endpoints/privacy/personal-info-list.js';
import type { requestDataExport as RequestDataExport } from './endpoints/privacy/request-data-export.js';
import type { thirdPartySharingList as ThirdPartySharingList } from './endpoints/privacy/third-party-sharing-list.js';
import type { withdrawConsent as WithdrawConsent } from './endpoints/privacy/withdraw-consent.js';
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
import type { myAgreements as MyAgreements } from './endpoints/user/my-agreements.js';
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

// One frozen ref per entry of API_PATH, built in a loop rather than one statement per endpoint: the
// refs sit in every page's first load, whose JS budget (docs/architecture.md "Delivery") has no room
// for ~60 statements; the loop adds a few dozen bytes to the path table the web loads anyway. The
// types below and endpoint-refs.test.ts keep these refs and the registry's endpoints the same.
const REF_NAME = { cancel: 'cancelAccount', smsSendV1: 'sendSmsCode', uploadStart: 'startUpload', uploadFinish: 'finishUpload' } as const;
type RefName<K extends keyof typeof API_PATH> = K extends keyof typeof REF_NAME ? (typeof REF_NAME)[K] : K;

/** Every endpoint's ref, named as the endpoint objects are (packages/protocol/src/endpoints, registry.ts). */
export interface EndpointRefs {
  readonly checkLogin: EndpointRef<typeof CheckLogin>;
  readonly logout: EndpointRef<typeof Logout>;
  readonly sendSmsCode: EndpointRef<typeof SendSmsCode>;
  readonly login: EndpointRef<typeof Login>;
  readonly userLoginV1: EndpointRef<typeof UserLoginV1>;
  readonly verifyPhone: EndpointRef<typeof VerifyPhone>;
  readonly savePhone: EndpointRef<typeof SavePhone>;
  readonly userDetail: EndpointRef<typeof UserDetail>;
  readonly userDetailV1: EndpointRef<typeof UserDetailV1>;
  readonly privacyPolicy: EndpointRef<typeof PrivacyPolicy>;
  readonly privacyPolicyStatus: EndpointRef<typeof PrivacyPolicyStatus>;
  readonly myAgreements: EndpointRef<typeof MyAgreements>;
  readonly getUserUnprivacyInfo: EndpointRef<typeof GetUserUnprivacyInfo>;
  readonly renewInfo: EndpointRef<typeof RenewInfo>;
  readonly renewExpire: EndpointRef<typeof RenewExpire>;
  readonly cancelAccount: EndpointRef<typeof CancelAccount>;
  readonly personalInfoList: EndpointRef<typeof PersonalInfoList>;
  readonly thirdPartySharingList: EndpointRef<typeof ThirdPartySharingList>;
  readonly requestDataExport: EndpointRef<typeof RequestDataExport>;
  readonly downloadDataExport: EndpointRef<typeof DownloadDataExport>;
  readonly withdrawConsent: EndpointRef<typeof WithdrawConsent>;
  readonly deregistrationImpact: EndpointRef<typeof DeregistrationImpact>;
  readonly authorizedLogin: EndpointRef<typeof AuthorizedLogin>;
  readonly authorizedCode: EndpointRef<typeof AuthorizedCode>;
  readonly inviteCode: EndpointRef<typeof InviteCode>;
  readonly myInvitees: EndpointRef<typeof MyInvitees>;
  readonly verifyInviteCode: EndpointRef<typeof VerifyInviteCode>;
  readonly getAppDownloadUrl: EndpointRef<typeof GetAppDownloadUrl>;
  readonly startUpload: EndpointRef<typeof StartUpload>;
  readonly uploadPart: EndpointRef<typeof UploadPart>;
  readonly finishUpload: EndpointRef<typeof FinishUpload>;
  readonly idcardOcr: EndpointRef<typeof IdcardOcr>;
  readonly idcardReadings: EndpointRef<typeof IdcardReadings>;
  readonly certification: EndpointRef<typeof Certification>;
  readonly certificationInfo: EndpointRef<typeof CertificationInfo>;
  readonly h5FaceUrl: EndpointRef<typeof H5FaceUrl>;
  readonly h5FaceVerify: EndpointRef<typeof H5FaceVerify>;
  readonly phoneBrandList: EndpointRef<typeof PhoneBrandList>;
  readonly phoneTypeList: EndpointRef<typeof PhoneTypeList>;
  readonly tydNoticeDetail: EndpointRef<typeof TydNoticeDetail>;
  readonly newInformationInfo: EndpointRef<typeof NewInformationInfo>;
  readonly homePageNotice: EndpointRef<typeof HomePageNotice>;
  readonly noticeList: EndpointRef<typeof NoticeList>;
  readonly noticeDetail: EndpointRef<typeof NoticeDetail>;
  readonly clearUnreadNotice: EndpointRef<typeof ClearUnreadNotice>;
  readonly messageList: EndpointRef<typeof MessageList>;
  readonly messageRead: EndpointRef<typeof MessageRead>;
  readonly messageUnread: EndpointRef<typeof MessageUnread>;
  readonly faqList: EndpointRef<typeof FaqList>;
  readonly askQuestion: EndpointRef<typeof AskQuestion>;
  readonly myQuestions: EndpointRef<typeof MyQuestions>;
  readonly loginDevices: EndpointRef<typeof LoginDevices>;
  readonly endSession: EndpointRef<typeof EndSession>;
  readonly endOtherSessions: EndpointRef<typeof EndOtherSessions>;
  readonly loginRecords: EndpointRef<typeof LoginRecords>;
  readonly luckyDrawInfo: EndpointRef<typeof LuckyDrawInfo>;
  readonly updateLuckyPoints: EndpointRef<typeof UpdateLuckyPoints>;
  readonly luckyDrawHistory: EndpointRef<typeof LuckyDrawHistory>;
  readonly pointsLedger: EndpointRef<typeof PointsLedger>;
  readonly getLuckyDrawUrl: EndpointRef<typeof GetLuckyDrawUrl>;
  readonly exchangeInfo: EndpointRef<typeof ExchangeInfo>;
  readonly exchangePoints: EndpointRef<typeof ExchangePoints>;
  readonly myVouchers: EndpointRef<typeof MyVouchers>;
  readonly redeemCode: EndpointRef<typeof RedeemCode>;
  readonly newUserGiftInfo: EndpointRef<typeof NewUserGiftInfo>;
  readonly claimNewUserGift: EndpointRef<typeof ClaimNewUserGift>;
  readonly getCloudStewardUrl: EndpointRef<typeof GetCloudStewardUrl>;
  readonly bankListNew: EndpointRef<typeof BankListNew>;
  readonly bankList: EndpointRef<typeof BankList>;
  readonly bindBankcard: EndpointRef<typeof BindBankcard>;
  readonly userBindBankcard: EndpointRef<typeof UserBindBankcard>;
  readonly bankCardList: EndpointRef<typeof BankCardList>;
  readonly bankcardInfo: EndpointRef<typeof BankcardInfo>;
  readonly unbindBankcard: EndpointRef<typeof UnbindBankcard>;
  readonly setDefaultBankcard: EndpointRef<typeof SetDefaultBankcard>;
}

// Compile-time: the refs are exactly API_PATH's entries under their endpoint names, each with its path.
type RefsByPath = { readonly [K in keyof typeof API_PATH as RefName<K>]: { readonly path: (typeof API_PATH)[K] } };
type SameKeys<A, B> = [keyof A] extends [keyof B] ? ([keyof B] extends [keyof A] ? true : false) : false;
const refsMatchPaths: SameKeys<EndpointRefs, RefsByPath> = true;
void refsMatchPaths;

export const API: EndpointRefs = /* @__PURE__ */ Object.freeze(
  Object.fromEntries(
    Object.entries(API_PATH).map(([key, path]) => [REF_NAME[key as keyof typeof REF_NAME] ?? key, Object.freeze({ path, fullPath: `${API_BASE}${path}` })]),
  ),
) as unknown as EndpointRefs satisfies RefsByPath;
