// /mine/identity/face-return: where the face provider sends the user back. The page asks the server for the
// result (h5-face-verify, which asks the provider server to server); whatever the address's query string
// says (a vendor's token, a forged "passed") is ignored. Then the outcome and what to do next.
import { useEffect, useRef } from 'react';
import { CODE, SUBCODE } from '@tyd/protocol/wire';
import { Button } from '../../../components/button';
import { Link } from '../../../components/link';
import { Card, Page } from '../../../components/page';
import { Tip } from '../../../components/tip';
import { reportingFailures } from '../../../lib/api-errors';
import { useMutation } from '../../../lib/server-state';
import { verifyFace } from '../api/h5-face-verify';
import { ResultIcon } from '../components/result-icon';
import { StepList } from '../components/step-list';
import '../components/identity.css';

/** What to offer after each refusal (docs/api.md "Identity certification"). */
function nextAction(subcode: string | undefined): { to: string; label: string } | null {
  switch (subcode) {
    case SUBCODE.IDENTITY_MISMATCH:
      return { to: '/mine/identity/idcard', label: '核对身份证信息' };
    case SUBCODE.FACE_DAILY_LIMIT:
      return null;
    case SUBCODE.IDENTITY_ALREADY_VERIFIED:
      return { to: '/mine/identity', label: '查看认证信息' };
    default:
      return { to: '/mine/identity/face', label: '重新人脸识别' };
  }
}

export default function FaceReturnPage() {
  const verify = useMutation(reportingFailures(verifyFace));
  const asked = useRef(false);
  useEffect(() => {
    // Once per visit (StrictMode runs effects twice in development).
    if (asked.current) return;
    asked.current = true;
    void verify.mutate(undefined);
  }, [verify]);

  const answer = verify.data;
  const passed = answer?.code === CODE.OK;
  const retryable = answer?.subcode === SUBCODE.PROVIDER_UNAVAILABLE || verify.status === 'error';
  const action = answer && !passed ? nextAction(answer.subcode) : null;
  return (
    <Page title="认证结果">
      <StepList current={passed ? 4 : 3} />
      <Card label="认证结果">
        {verify.status === 'loading' || verify.status === 'idle' ? (
          <p className="identity__text" role="status" aria-busy="true">
            正在确认人脸识别结果…
          </p>
        ) : passed && answer.data ? (
          <>
            <div className="identity__result">
              <ResultIcon ok />
              <p className="identity__result-title">实名认证成功</p>
              <p className="identity__text">
                {answer.data.name} {answer.data.idNumber}
              </p>
            </div>
            <Link className="btn btn--primary btn--block" to="/">
              完成
            </Link>
          </>
        ) : (
          <>
            <div className="identity__result" role="alert">
              <ResultIcon ok={false} />
              <p className="identity__result-title">{answer?.subcode === SUBCODE.FACE_ABANDONED ? '人脸识别未完成' : '认证未通过'}</p>
              <p className="identity__text">{answer ? answer.submsg || answer.msg : '网络连接异常，请稍后重试'}</p>
            </div>
            {answer?.subcode === SUBCODE.FACE_DAILY_LIMIT ? <Tip>今日人脸识别次数已用完，请明天再试。</Tip> : null}
            {retryable ? (
              <Button block onClick={() => void verify.mutate(undefined)}>
                重新获取结果
              </Button>
            ) : action ? (
              <Link className="btn btn--primary btn--block" to={action.to}>
                {action.label}
              </Link>
            ) : null}
            <Link className="btn btn--text btn--block" to="/mine/identity">
              查看认证状态
            </Link>
          </>
        )}
      </Card>
    </Page>
  );
}
