// /mine/identity/face (SPEC §7 h5-face-url): how to pass the face check, then off to the provider's page,
// which sends the user back to /mine/identity/face-return. Each start is one of the day's tries. The first
// start of a page load says first what the camera is for and where the images go (camera-notice.tsx).
import { useState } from 'react';
import { CODE, SUBCODE } from '@tyd/protocol/wire';
import { Button } from '../../../components/button';
import { Link } from '../../../components/link';
import { Card, Page } from '../../../components/page';
import { reportingFailures } from '../../../lib/api-errors';
import { useMutation } from '../../../lib/server-state';
import { useCertificationInfo } from '../api/certification-info';
import { startFaceCheck } from '../api/h5-face-url';
import { CameraNotice, cameraNotice } from '../components/camera-notice';
import { FaceLocked, faceLockedToday } from '../components/face-locked';
import { StepList } from '../components/step-list';
import '../components/identity.css';

/** Leaves the app's page for the provider; an object so tests can observe it. */
export const faceNavigation = { go: (url: string): void => window.location.assign(url) };

export default function FacePage() {
  const info = useCertificationInfo();
  const start = useMutation(reportingFailures(startFaceCheck));
  const [problem, setProblem] = useState<{ text: string; subcode?: string } | null>(null);
  const [noticeOpen, setNoticeOpen] = useState(false);

  async function handleStart() {
    if (cameraNotice.needed('face')) return setNoticeOpen(true);
    setNoticeOpen(false);
    setProblem(null);
    const response = await start.mutate(undefined);
    if (!response) return;
    if (response.code === CODE.OK && response.data) return faceNavigation.go(response.data.url);
    setProblem({ text: response.submsg || response.msg, subcode: response.subcode });
  }

  const triesLeft = info.data?.faceTriesLeft;
  const needsDocuments = problem?.subcode === SUBCODE.IDENTITY_STEP_MISSING || info.data?.state === 'not-started' || info.data?.state === 'documents-read';
  // No tries left today (certification-info), or h5-face-url said so (4607): no start button until tomorrow.
  const locked = !needsDocuments && (problem?.subcode === SUBCODE.FACE_DAILY_LIMIT || (info.data !== undefined && faceLockedToday(info.data)));
  if (locked) {
    return (
      <Page title="人脸识别">
        <StepList current={3} />
        <Card label="人脸识别">
          <FaceLocked />
          <Link className="btn btn--secondary btn--block" to="/mine/identity">
            返回实名认证
          </Link>
        </Card>
      </Page>
    );
  }
  return (
    <Page title="人脸识别">
      <StepList current={3} />
      <Card label="人脸识别">
        <h2 className="identity__step-title">请确认是本人操作</h2>
        {info.data?.name ? (
          <>
            <p className="identity__text">将核验以下身份本人的人脸：</p>
            <dl className="identity__facts identity__facts--boxed">
              <div>
                <dt>姓名</dt>
                <dd>{info.data.name}</dd>
              </div>
              <div>
                <dt>身份证号</dt>
                <dd className="identity__number">{info.data.idNumber}</dd>
              </div>
            </dl>
          </>
        ) : null}
        <ul className="identity__list">
          <li>在光线充足的地方，正对手机屏幕</li>
          <li>摘下帽子、眼镜和口罩，露出完整面部</li>
          <li>按页面提示完成动作，过程中请勿离开</li>
        </ul>
        {problem ? (
          <p className="identity__error" role="alert">
            {problem.text}
          </p>
        ) : null}
        {needsDocuments ? (
          <Link className="btn btn--primary btn--block" to="/mine/identity/idcard">
            先拍摄身份证
          </Link>
        ) : (
          <Button block busy={start.status === 'loading'} onClick={() => void handleStart()}>
            开始人脸识别
          </Button>
        )}
        {triesLeft !== undefined ? <p className="identity__text identity__centered">今日还可尝试 {triesLeft} 次</p> : null}
      </Card>
      <CameraNotice use="face" open={noticeOpen} onAccept={() => void handleStart()} onClose={() => setNoticeOpen(false)} />
    </Page>
  );
}
