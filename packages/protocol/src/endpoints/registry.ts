import type { Endpoint } from './define-endpoint.js';
import { bankCardList, bankcardInfo, setDefaultBankcard, unbindBankcard } from './bank-cards/bank-card-list.js';
import { bankList, bankListNew } from './bank-cards/bank-lists.js';
import { bindBankcard, userBindBankcard } from './bank-cards/bind-bankcard.js';
import { claimNewUserGift } from './rewards/claim-new-user-gift.js';
import { getCloudStewardUrl } from './rewards/get-cloud-steward-url.js';
import { getLuckyDrawUrl } from './rewards/get-lucky-draw-url.js';
import { luckyDrawHistory } from './rewards/lucky-draw-history.js';
import { luckyDrawInfo } from './rewards/lucky-draw-info.js';
import { myInvitees } from './rewards/my-invitees.js';
import { newUserGiftInfo } from './rewards/new-user-gift-info.js';
import { pointsLedger } from './rewards/points-ledger.js';
import { exchangeInfo } from './rewards/exchange-info.js';
import { exchangePoints } from './rewards/exchange-points.js';
import { myVouchers } from './rewards/my-vouchers.js';
import { redeemCode } from './rewards/redeem-code.js';
import { updateLuckyPoints } from './rewards/update-lucky-points.js';
import { phoneBrandList, phoneTypeList } from './content/phone-models.js';
import { newInformationInfo } from './content/new-information-info.js';
import { tydNoticeDetail } from './content/tyd-notice-detail.js';
import { askQuestion } from './help/ask-question.js';
import { faqList } from './help/faq-list.js';
import { myQuestions } from './help/my-questions.js';
import { endOtherSessions } from './security/end-other-sessions.js';
import { endSession } from './security/end-session.js';
import { loginDevices } from './security/login-devices.js';
import { loginRecords } from './security/login-records.js';
import { messageList } from './message/message-list.js';
import { messageRead } from './message/message-read.js';
import { messageUnread } from './message/message-unread.js';
import { clearUnreadNotice } from './notice/clear-unread-notice.js';
import { homePageNotice } from './notice/home-page-notice.js';
import { noticeDetail } from './notice/notice-detail.js';
import { noticeList } from './notice/notice-list.js';
import { certificationInfo } from './identity/certification-info.js';
import { certification } from './identity/certification.js';
import { h5FaceUrl } from './identity/h5-face-url.js';
import { h5FaceVerify } from './identity/h5-face-verify.js';
import { idcardOcr } from './identity/idcard-ocr.js';
import { idcardReadings } from './identity/idcard-readings.js';
import { finishUpload } from './upload/finish-upload.js';
import { startUpload } from './upload/start-upload.js';
import { uploadPart } from './upload/upload-part.js';
import { deregistrationImpact } from './privacy/deregistration-impact.js';
import { downloadDataExport } from './privacy/download-data-export.js';
import { personalInfoList } from './privacy/personal-info-list.js';
import { requestDataExport } from './privacy/request-data-export.js';
import { thirdPartySharingList } from './privacy/third-party-sharing-list.js';
import { withdrawConsent } from './privacy/withdraw-consent.js';
import { authorizedCode } from './user/authorized-code.js';
import { authorizedLogin } from './user/authorized-login.js';
import { cancelAccount } from './user/cancel.js';
import { checkLogin } from './user/check-login.js';
import { getAppDownloadUrl } from './user/get-app-download-url.js';
import { getUserUnprivacyInfo } from './user/get-user-unprivacy-info.js';
import { inviteCode } from './user/invite-code.js';
import { login, userLoginV1 } from './user/login.js';
import { logout } from './user/logout.js';
import { privacyPolicyStatus } from './user/privacy-policy-status.js';
import { privacyPolicy } from './user/privacy-policy.js';
import { myAgreements } from './user/my-agreements.js';
import { renewExpire } from './user/renew-expire.js';
import { renewInfo } from './user/renew-info.js';
import { savePhone } from './user/save-phone.js';
import { sendSmsCode } from './user/send-sms-code.js';
import { userDetail, userDetailV1 } from './user/user-detail.js';
import { verifyInviteCode } from './user/verify-invite-code.js';
import { verifyPhone } from './user/verify-phone.js';

/** Every endpoint by path (without API_BASE). New endpoints are added here too. */
export const endpoints = {
  [checkLogin.path]: checkLogin,
  [logout.path]: logout,
  [sendSmsCode.path]: sendSmsCode,
  [login.path]: login,
  [userLoginV1.path]: userLoginV1,
  [verifyPhone.path]: verifyPhone,
  [savePhone.path]: savePhone,
  [userDetail.path]: userDetail,
  [userDetailV1.path]: userDetailV1,
  [privacyPolicy.path]: privacyPolicy,
  [privacyPolicyStatus.path]: privacyPolicyStatus,
  [myAgreements.path]: myAgreements,
  [getUserUnprivacyInfo.path]: getUserUnprivacyInfo,
  [renewInfo.path]: renewInfo,
  [renewExpire.path]: renewExpire,
  [cancelAccount.path]: cancelAccount,
  [personalInfoList.path]: personalInfoList,
  [thirdPartySharingList.path]: thirdPartySharingList,
  [requestDataExport.path]: requestDataExport,
  [downloadDataExport.path]: downloadDataExport,
  [withdrawConsent.path]: withdrawConsent,
  [deregistrationImpact.path]: deregistrationImpact,
  [authorizedLogin.path]: authorizedLogin,
  [authorizedCode.path]: authorizedCode,
  [inviteCode.path]: inviteCode,
  [myInvitees.path]: myInvitees,
  [verifyInviteCode.path]: verifyInviteCode,
  [getAppDownloadUrl.path]: getAppDownloadUrl,
  [startUpload.path]: startUpload,
  [uploadPart.path]: uploadPart,
  [finishUpload.path]: finishUpload,
  [idcardOcr.path]: idcardOcr,
  [idcardReadings.path]: idcardReadings,
  [certification.path]: certification,
  [certificationInfo.path]: certificationInfo,
  [h5FaceUrl.path]: h5FaceUrl,
  [h5FaceVerify.path]: h5FaceVerify,
  [phoneBrandList.path]: phoneBrandList,
  [phoneTypeList.path]: phoneTypeList,
  [tydNoticeDetail.path]: tydNoticeDetail,
  [newInformationInfo.path]: newInformationInfo,
  [homePageNotice.path]: homePageNotice,
  [noticeList.path]: noticeList,
  [noticeDetail.path]: noticeDetail,
  [clearUnreadNotice.path]: clearUnreadNotice,
  [messageList.path]: messageList,
  [messageRead.path]: messageRead,
  [messageUnread.path]: messageUnread,
  [faqList.path]: faqList,
  [askQuestion.path]: askQuestion,
  [myQuestions.path]: myQuestions,
  [loginDevices.path]: loginDevices,
  [endSession.path]: endSession,
  [endOtherSessions.path]: endOtherSessions,
  [loginRecords.path]: loginRecords,
  [luckyDrawInfo.path]: luckyDrawInfo,
  [updateLuckyPoints.path]: updateLuckyPoints,
  [luckyDrawHistory.path]: luckyDrawHistory,
  [pointsLedger.path]: pointsLedger,
  [getLuckyDrawUrl.path]: getLuckyDrawUrl,
  [exchangeInfo.path]: exchangeInfo,
  [exchangePoints.path]: exchangePoints,
  [myVouchers.path]: myVouchers,
  [redeemCode.path]: redeemCode,
  [newUserGiftInfo.path]: newUserGiftInfo,
  [claimNewUserGift.path]: claimNewUserGift,
  [getCloudStewardUrl.path]: getCloudStewardUrl,
  [bankListNew.path]: bankListNew,
  [bankList.path]: bankList,
  [bindBankcard.path]: bindBankcard,
  [userBindBankcard.path]: userBindBankcard,
  [bankCardList.path]: bankCardList,
  [bankcardInfo.path]: bankcardInfo,
  [unbindBankcard.path]: unbindBankcard,
  [setDefaultBankcard.path]: setDefaultBankcard,
} as const satisfies Record<string, Endpoint>;

export type EndpointPath = keyof typeof endpoints;

/**
 * The endpoint for a path, or undefined; only own keys count (no "toString" or "__proto__"). Not
 * Object.hasOwn, which the web app's oldest browsers lack (docs/architecture.md "Browser floor").
 */
export function endpointFor(path: string): Endpoint | undefined {
  return Object.prototype.hasOwnProperty.call(endpoints, path) ? endpoints[path as EndpointPath] : undefined;
}
