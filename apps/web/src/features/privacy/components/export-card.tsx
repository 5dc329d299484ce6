// 导出我的个人信息 (PIPL art. 45): after a fresh SMS code to the account's own phone (purpose 'export-data'),
// the server grants a copy that this session may fetch once within its lifetime; the page then opens it at
// /mine/privacy/export?id=… . Code problems are said at the code field, the day's limit in the card.
import { useEffect, useState } from 'react';
import { CODE, SUBCODE } from '@tyd/protocol/wire';
import { Button } from '../../../components/button';
import { SmsCodeField } from '../../../components/sms-code-field';
import { reportCallFailure } from '../../../lib/api-errors';
import { useRouter } from '../../../lib/router-react';
import { useSmsCode, warmSmsSender } from '../../../lib/use-sms-code';
import type { PersonalInfo } from '../api/personal-info-list';
import { requestDataExport } from '../api/request-data-export';

const CODE_FIELD_SUBCODES: readonly string[] = [SUBCODE.SMS_CODE_WRONG, SUBCODE.SMS_CODE_EXPIRED, SUBCODE.SMS_VERIFY_LOCKED];

export function ExportCard({ allowance, phone }: { allowance: PersonalInfo['export'] | undefined; phone: string | null }) {
  const sms = useSmsCode({ purpose: 'export-data' });
  const router = useRouter();
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(warmSmsSender, []);
  const usedUp = allowance?.leftToday === 0;

  async function handleRequest() {
    if (!sms.checkCode()) return;
    setProblem(null);
    setBusy(true);
    let answer;
    try {
      answer = await requestDataExport(sms.code);
    } catch (error) {
      return reportCallFailure(error);
    } finally {
      setBusy(false);
    }
    if (answer.code === CODE.OK && answer.data) return void router.navigate(`/mine/privacy/export?id=${encodeURIComponent(answer.data.exportId)}`);
    if (answer.code === CODE.SILENT || answer.code === CODE.UNAUTHORIZED) return;
    const text = answer.submsg || answer.msg;
    if (answer.subcode && CODE_FIELD_SUBCODES.includes(answer.subcode)) return sms.showError(text);
    setProblem(text);
  }

  return (
    <>
      <p className="privacy-text">
        您可以获取本账号下我们保存的全部个人信息副本，包括完整的身份证号码、银行卡号和身份证照片。副本在申请后
        {allowance ? Math.round(allowance.ttlSeconds / 60) : 10}分钟内有效，仅可在本设备查看和下载一次。
      </p>
      <p className="privacy-text privacy-text--muted">
        验证码将发送至 <strong>{phone ?? '您账号绑定的手机号'}</strong>
        {allowance ? `，今日还可导出 ${allowance.leftToday} 次（每日 ${allowance.perDay} 次）` : ''}。
      </p>
      <SmsCodeField sms={sms} />
      {problem ? (
        <p className="privacy-problem" role="alert">
          {problem}
        </p>
      ) : null}
      <Button block busy={busy} disabled={usedUp} onClick={() => void handleRequest()}>
        {usedUp ? '今日导出次数已用完' : '申请导出'}
      </Button>
    </>
  );
}
