// /mine/identity (SPEC §1 identity certification): where the account stands (docs/api.md state machine) and
// the way on: the steps, the masked identity once verified, or why it failed and what to do next.
import { Link } from '../../../components/link';
import { Card, Page } from '../../../components/page';
import { Tip } from '../../../components/tip';
import { Button } from '../../../components/button';
import { userMessage } from '../../../lib/api-errors';
import { getCertificationInfo, useCertificationInfo, type CertificationInfo } from '../api/certification-info';
import { FaceLocked, faceLockedToday } from '../components/face-locked';
import { ResultIcon } from '../components/result-icon';
import { StepList } from '../components/step-list';
import { FAILURE_TEXT, NEXT_STEP_TEXT, STATE_LABEL, nextPath } from '../utils/identity-texts';
import '../components/identity.css';

function stepOf(info: CertificationInfo): 1 | 2 | 3 | 4 {
  if (info.state === 'verified') return 4;
  if (info.state === 'documents-read') return 2;
  if (info.state === 'identity-confirmed' || info.state === 'face-pending') return 3;
  if (info.state === 'failed') return info.failure?.next === 'recheck-documents' ? 1 : 3;
  return 1;
}

function Verified({ info }: { info: CertificationInfo }) {
  return (
    <Card label="认证结果">
      <div className="identity__result">
        <ResultIcon ok />
        <p className="identity__result-title">已完成实名认证</p>
      </div>
      <dl className="identity__facts">
        <div>
          <dt>姓名</dt>
          <dd>{info.name}</dd>
        </div>
        <div>
          <dt>身份证号</dt>
          <dd className="identity__number">{info.idNumber}</dd>
        </div>
        {info.validTo ? (
          <div>
            <dt>有效期至</dt>
            <dd>{info.validTo === 'long-term' ? '长期' : info.validTo}</dd>
          </div>
        ) : null}
      </dl>
    </Card>
  );
}

function Progress({ info }: { info: CertificationInfo }) {
  const path = nextPath(info);
  const failed = info.state === 'failed';
  // One side read and kept (docs/api.md: still not-started): the page says which, and the way on is to go on.
  const oneSide = info.state === 'not-started' && info.documents.portrait !== info.documents.emblem;
  if (faceLockedToday(info)) {
    // Nothing to start today: the state, why, and when it opens again (no buttons).
    return (
      <Card label="认证进度">
        <FaceLocked />
        {failed && info.failure ? <p className="identity__text identity__centered">上次结果：{FAILURE_TEXT[info.failure.reason]}</p> : null}
      </Card>
    );
  }
  return (
    <Card label="认证进度">
      {failed ? (
        <div className="identity__result">
          <ResultIcon ok={false} />
          <p className="identity__result-title">认证未通过</p>
          {info.failure ? <p className="identity__text">{FAILURE_TEXT[info.failure.reason]}</p> : null}
        </div>
      ) : (
        <p className="identity__step-title">
          当前状态：<span className={`identity-badge identity-badge--${info.state}`}>{STATE_LABEL[info.state]}</span>
        </p>
      )}
      {failed && info.failure ? (
        <Tip>{info.faceTriesLeft > 0 || info.failure.next === 'recheck-documents' ? NEXT_STEP_TEXT[info.failure.next] : NEXT_STEP_TEXT['try-tomorrow']}</Tip>
      ) : null}
      {oneSide ? <p className="identity__text">{info.documents.portrait ? '已识别人像面，还需拍摄国徽面' : '已识别国徽面，还需拍摄人像面'}</p> : null}
      {info.name ? (
        <p className="identity__text">
          {info.name} {info.idNumber}
        </p>
      ) : null}
      {path ? (
        <Link className="btn btn--primary btn--block" to={path}>
          {info.state === 'not-started' && !oneSide ? '开始认证' : failed ? '重新认证' : '继续认证'}
        </Link>
      ) : null}
      {info.state !== 'not-started' && path !== '/mine/identity/idcard' ? (
        <Link className="btn btn--text btn--block" to="/mine/identity/idcard">
          重新拍摄身份证
        </Link>
      ) : null}
    </Card>
  );
}

export default function IdentityPage() {
  const query = useCertificationInfo();
  const info = query.data;
  return (
    <Page title="实名认证" lead="根据监管要求，绑定银行卡和在APP借款前，需确认您是身份证的本人。">
      {info ? <StepList current={stepOf(info)} /> : null}
      {query.status === 'loading' ? (
        <Card>
          <p className="identity__text" role="status" aria-busy="true">
            正在查询认证状态…
          </p>
        </Card>
      ) : query.status === 'error' || !info ? (
        <Card>
          <p className="identity__error" role="alert">
            {userMessage(query.error)}
          </p>
          <Button block variant="secondary" onClick={() => query.refetchWith((signal) => getCertificationInfo(signal))}>
            重新查询
          </Button>
        </Card>
      ) : info.state === 'verified' ? (
        <Verified info={info} />
      ) : (
        <Progress info={info} />
      )}
      <Card label="认证须知">
        <h2 className="identity__step-title">认证须知</h2>
        <ul className="identity__list">
          <li>需年满18周岁、不超过60周岁，使用本人有效期内的第二代居民身份证。</li>
          <li>一个身份证只能认证一个账号，一个账号只能认证一个身份。</li>
          <li>人脸识别每天可尝试的次数有限，请在光线充足处操作。</li>
          <li>您的信息加密存储，仅用于身份核验；注销账号时一并删除（法律要求留存的除外）。</li>
        </ul>
        <Link className="identity__link" to="/nfc">
          用手机NFC读取身份证？查看读卡位置
        </Link>
      </Card>
    </Page>
  );
}
