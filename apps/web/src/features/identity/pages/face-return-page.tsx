// /mine/identity/face-return: where the face provider sends the user back. The page asks the server for the
// result (h5-face-verify, which asks the provider server to server); whatever the address's query string
// says (a vendor's token, a forged "passed") is ignored. Then the outcome and what to do next.
import { useEffect, useRef } from 'react';
import { CODE, SUBCODE, type IdentityFailure, type IdentityNextStep } from '@tyd/protocol/wire';
import { Button } from '../../../components/button';
import { Link } from '../../../components/link';
import { Card, Page } from '../../../components/page';
import { Tip } from '../../../components/tip';
import { reportingFailures } from '../../../lib/api-errors';
import { useMutation } from '../../../lib/server-state';
import { useCertificationInfo } from '../api/certification-info';
import { verifyFace } from '../api/h5-face-verify';
import { ResultIcon } from '../components/result-icon';
import { StepList } from '../components/step-list';
import { FAILURE_TEXT, NEXT_STEP_TEXT } from '../utils/identity-texts';
import '../components/identity.css';

/** The failure each refusal leaves in certification-info (docs/api.md "Identity certification", the failure table). */
const FAILURE_OF: Partial<Record<string, IdentityFailure>> = {
  [SUBCODE.IDENTITY_MISMATCH]: 'identity-not-found',
  [SUBCODE.FACE_NOT_PASSED]: 'face-mismatch',
  [SUBCODE.FACE_LIVENESS_FAILED]: 'liveness',
  [SUBCODE.FACE_ABANDONED]: 'abandoned',
};

const ABANDONED_TEXT = '识别过程中返回了，或识别已超时，请重新开始';

/** What the user can do after a failure: the card again, the face again, or tomorrow when today's tries are spent. */
function nextStepOf(failure: IdentityFailure, triesLeft: number | undefined): IdentityNextStep {
  if (failure === 'identity-not-found') return 'recheck-documents';
  return triesLeft === 0 ? 'try-tomorrow' : 'retry-face';
}

/** What to offer after each refusal. */
function nextAction(subcode: string | undefined, next: IdentityNextStep | null): { to: string; label: string } | null {
  if (next === 'try-tomorrow') return null;
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

  // The day's face tries left, once the answer has refreshed it (h5-face-verify refreshes certification-info).
  const info = useCertificationInfo(verify.status === 'success');
  const answer = verify.data;
  const passed = answer?.code === CODE.OK;
  const retryable = answer?.subcode === SUBCODE.PROVIDER_UNAVAILABLE || verify.status === 'error';
  const failure = answer && !passed ? FAILURE_OF[answer.subcode ?? ''] : undefined;
  const triesLeft = info.data?.faceTriesLeft;
  const next = failure ? nextStepOf(failure, triesLeft) : null;
  const action = answer && !passed ? nextAction(answer.subcode, next) : null;
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
              <p className="identity__result-title">{failure === 'abandoned' ? '人脸识别未完成' : '认证未通过'}</p>
              {/* Why, in the status page's words (the title already says an unfinished check is unfinished). */}
              <p className="identity__text">
                {failure === 'abandoned' ? ABANDONED_TEXT : failure ? FAILURE_TEXT[failure] : answer ? answer.submsg || answer.msg : '网络连接异常，请稍后重试'}
              </p>
            </div>
            {/* What to do; an unfinished check needs no advice beyond starting again, unless that waits for tomorrow. */}
            {next && (failure !== 'abandoned' || next === 'try-tomorrow') ? (
              <Tip>{NEXT_STEP_TEXT[next]}</Tip>
            ) : answer?.subcode === SUBCODE.FACE_DAILY_LIMIT ? (
              <Tip>{NEXT_STEP_TEXT['try-tomorrow']}</Tip>
            ) : null}
            {next === 'retry-face' && triesLeft !== undefined ? <p className="identity__text identity__centered">今日还可尝试 {triesLeft} 次</p> : null}
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
