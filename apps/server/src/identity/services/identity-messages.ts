// Messages identity certification posts through the content module (docs/architecture.md "Modules";
// docs/api.md "Identity certification"): the result of the face check, once it is known. A pass is posted
// once; a refusal once per reason and China day, so retries on one day do not fill the inbox.
import { SUBCODE, chinaDateTime, chinaDay } from '@tyd/protocol';
import type { MessageInput } from '../../content/content-module.js';

export function certificationPassedMessage(verifiedAt: number): MessageInput {
  return {
    kind: 'identity',
    title: '实名认证已通过',
    body: `您已于${chinaDateTime(verifiedAt)}完成实名认证，现在可以绑定本人银行卡。`,
    link: '/mine/identity',
    dedupeKey: 'identity-verified',
  };
}

/** What a refused face check tells the user to do next, by the refusal's subcode; undefined for other errors. */
const REFUSALS: Partial<Record<string, string>> = {
  [SUBCODE.IDENTITY_MISMATCH]: '身份信息核验未通过，请核对姓名和身份证号后重新认证。',
  [SUBCODE.FACE_NOT_PASSED]: '人脸比对未通过，请本人在光线充足处重新认证。',
  [SUBCODE.FACE_LIVENESS_FAILED]: '活体检测未通过，请在光线充足处正对屏幕重新认证。',
  [SUBCODE.FACE_ABANDONED]: '人脸识别未完成，可随时重新开始。',
};

export function certificationRefusedMessage(subcode: string | undefined, now: number): MessageInput | undefined {
  const body = subcode ? REFUSALS[subcode] : undefined;
  if (!body) return undefined;
  return { kind: 'identity', title: '实名认证未通过', body, link: '/mine/identity', dedupeKey: `identity-refused\n${subcode}\n${chinaDay(now)}` };
}
