// 与第三方共享个人信息清单 (MIIT 信息通信服务感知提升行动 2021; PIPL art. 23): each provider that receives
// personal data, from the configuration this server runs with (docs/sandbox.md): who receives it (the
// configured service's host), what is sent, why, and how. A sandbox provider answers inside this server and
// sends nothing anywhere; the list says so rather than naming a recipient that does not exist.
import type { SharingProvider } from '@tyd/protocol';

/** Where each provider sends, as configured: undefined for the sandbox. */
export type ProviderTargets = Record<SharingProvider, { url: string } | undefined>;

export interface SharingItem {
  provider: SharingProvider;
  title: string;
  recipient: string;
  sandbox: boolean;
  data: string;
  purpose: string;
  method: string;
}

export const SANDBOX_RECIPIENT = '沙箱，不向第三方发送';

const ENCRYPTED = 'HTTPS（TLS）加密传输，请求经签名校验；服务方仅可按约定用途使用，不得留存或另作他用';

const CATALOGUE: readonly Omit<SharingItem, 'recipient' | 'sandbox'>[] = [
  {
    provider: 'sms',
    title: '短信服务',
    data: '手机号码、验证码',
    purpose: '向您发送登录、注销、更换手机号、绑卡和导出个人信息时的短信验证码',
    method: ENCRYPTED,
  },
  {
    provider: 'ocr',
    title: '身份证识别（OCR）',
    data: '身份证照片（人像面、国徽面）',
    purpose: '识别证件上的姓名、身份证号码、住址和有效期，用于实名认证',
    method: ENCRYPTED,
  },
  {
    provider: 'face',
    title: '人脸核验',
    data: '姓名、身份证号码；人脸图像由您在服务方页面直接拍摄',
    purpose: '核验进行实名认证的是您本人（活体检测与比对）',
    method: `${ENCRYPTED}；我们只取回核验结果，不保存人脸图像`,
  },
  {
    provider: 'bank-card',
    title: '银行卡四要素核验',
    data: '姓名、身份证号码、银行卡号、银行预留手机号',
    purpose: '核验绑定的银行卡属于您本人，用于借款放款和还款',
    method: ENCRYPTED,
  },
];

export function sharingList(targets: ProviderTargets): SharingItem[] {
  return CATALOGUE.map((entry) => {
    const target = targets[entry.provider];
    return target
      ? { ...entry, recipient: `${entry.title}服务方（${new URL(target.url).host}）`, sandbox: false }
      : { ...entry, recipient: SANDBOX_RECIPIENT, sandbox: true };
  });
}
