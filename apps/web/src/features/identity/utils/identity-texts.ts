// What the pages say about each certification state, failure, next step and photo warning
// (docs/api.md "Identity certification"), and where each state continues.
import type { IdCardWarning, IdentityFailure, IdentityNextStep, IdentityState } from '@tyd/protocol/wire';
import type { CertificationInfo } from '../api/certification-info';

export const STATE_LABEL: Record<IdentityState, string> = {
  'not-started': '未认证',
  'documents-read': '待确认信息',
  'identity-confirmed': '待人脸识别',
  'face-pending': '人脸识别未完成',
  verified: '已认证',
  failed: '认证未通过',
};

export const FAILURE_TEXT: Record<IdentityFailure, string> = {
  'identity-not-found': '姓名与身份证号码不一致，或公安系统中无此身份信息',
  'face-mismatch': '人脸与身份证照片不一致',
  liveness: '活体检测未通过',
  abandoned: '人脸识别未完成',
};

export const NEXT_STEP_TEXT: Record<IdentityNextStep, string> = {
  'retry-face': '请在光线充足的地方，正对屏幕重新进行人脸识别。',
  'recheck-documents': '请核对身份证信息（姓名有误可在确认页修改），重新拍摄身份证后再认证。',
  'try-tomorrow': '今日人脸识别次数已用完，请明天再试。',
};

export const WARNING_TEXT: Record<IdCardWarning, string> = {
  cropped: '身份证边框不完整',
  blurred: '照片不够清晰',
  glare: '照片有反光',
  occluded: '身份证有遮挡',
};

/** Where the user continues from a state; null when there is nothing to do now. */
export function nextPath(info: CertificationInfo): string | null {
  switch (info.state) {
    case 'not-started':
    case 'documents-read':
      return '/mine/identity/idcard';
    case 'identity-confirmed':
    case 'face-pending':
      return '/mine/identity/face';
    case 'failed':
      if (info.failure?.next === 'recheck-documents') return '/mine/identity/idcard';
      return info.faceTriesLeft > 0 ? '/mine/identity/face' : null;
    case 'verified':
      return null;
  }
}

/** The tile's one-line hint. */
export function stateHint(info: CertificationInfo): string {
  switch (info.state) {
    case 'verified':
      return `${info.name ?? ''} ${info.idNumber ?? ''}`.trim();
    case 'failed':
      return info.failure ? FAILURE_TEXT[info.failure.reason] : '请重新认证';
    case 'not-started':
      return '认证后可绑定银行卡';
    case 'documents-read':
      return '请确认身份证信息';
    default:
      return '还差人脸识别一步';
  }
}
