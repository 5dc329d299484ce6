// /mine/identity/idcard (SPEC §1 identity certification, steps 1 and 2): both sides of the ID card, then the
// holder checks what was read and may correct the name and the address (a wrong ID number means a
// retake: it cannot be typed). 确认无误 sends certification, which checks the number again, the age
// limits and the validity, and claims the identity for this account; then the face step.
import { useEffect, useRef, useState } from 'react';
import { CODE, SUBCODE } from '@tyd/protocol/wire';
import { Button } from '../../../components/button';
import { Field } from '../../../components/field';
import { Card, Page } from '../../../components/page';
import { Tip } from '../../../components/tip';
import { reportingFailures } from '../../../lib/api-errors';
import { useRouter } from '../../../lib/router-react';
import { useMutation } from '../../../lib/server-state';
import { confirmIdentity } from '../api/certification';
import type { IdCardOcrResult } from '../api/idcard-ocr';
import { getIdCardReadings } from '../api/idcard-readings';
import { PhotoCapture } from '../components/photo-capture';
import { StepList } from '../components/step-list';
import '../components/identity.css';

type Portrait = Extract<IdCardOcrResult, { side: 'portrait' }>;
type Emblem = Extract<IdCardOcrResult, { side: 'emblem' }>;

const NAME_PATTERN = /^\p{Script=Han}(?:[\p{Script=Han}]|[·•](?=\p{Script=Han})){1,29}$/u;

function CheckForm({ portrait, emblem, onBack }: { portrait: Portrait; emblem: Emblem; onBack: () => void }) {
  const [name, setName] = useState(portrait.name);
  const [address, setAddress] = useState(portrait.address);
  const [errors, setErrors] = useState<{ name?: string; address?: string; form?: string }>({});
  const submit = useMutation(reportingFailures(confirmIdentity));
  const router = useRouter();

  async function handleSubmit() {
    const next = {
      name: NAME_PATTERN.test(name) ? undefined : '请输入身份证上的中文姓名',
      address: address.trim().length >= 5 && address.trim().length <= 120 ? undefined : '请输入身份证上的住址',
    };
    setErrors(next);
    if (next.name || next.address) return;
    const response = await submit.mutate({ name, address: address.trim() });
    if (!response) return;
    if (response.code === CODE.OK) return void router.navigate('/mine/identity/face', { replace: true });
    setErrors({ form: response.submsg || response.msg });
    if (response.subcode === SUBCODE.IDENTITY_ALREADY_VERIFIED) void router.navigate('/mine/identity', { replace: true });
  }

  return (
    <Card label="核对身份证信息">
      <h2 className="identity__step-title">请核对身份证信息</h2>
      <p className="identity__text">请确认以下信息与您的身份证一致。姓名、住址识别有误可直接修改；身份证号码有误请重新拍摄。</p>
      <Field label="姓名" value={name} maxLength={30} autoComplete="name" error={errors.name} onChange={(e) => setName(e.target.value)} />
      <dl className="identity__facts">
        <div>
          <dt>身份证号</dt>
          <dd className="identity__number">{portrait.idNumber}</dd>
        </div>
        <div>
          <dt>性别</dt>
          <dd>{portrait.sex}</dd>
        </div>
        <div>
          <dt>民族</dt>
          <dd>{portrait.ethnicity || '—'}</dd>
        </div>
        <div>
          <dt>出生日期</dt>
          <dd>{portrait.birthDate}</dd>
        </div>
        <div>
          <dt>签发机关</dt>
          <dd>{emblem.authority}</dd>
        </div>
        <div>
          <dt>有效期限</dt>
          <dd>
            <span className="identity__nowrap">{emblem.validFrom}</span> 至{' '}
            <span className="identity__nowrap">{emblem.validTo === 'long-term' ? '长期' : emblem.validTo}</span>
          </dd>
        </div>
      </dl>
      <Field label="住址" value={address} maxLength={120} error={errors.address} onChange={(e) => setAddress(e.target.value)} />
      {errors.form ? (
        <p className="identity__error" role="alert">
          {errors.form}
        </p>
      ) : null}
      <Button block busy={submit.status === 'loading'} onClick={() => void handleSubmit()}>
        确认无误，下一步
      </Button>
      <Button block variant="text" onClick={onBack}>
        重新拍摄
      </Button>
    </Card>
  );
}

export default function IdCardPage() {
  const [portrait, setPortrait] = useState<Portrait | null>(null);
  const [emblem, setEmblem] = useState<Emblem | null>(null);
  const [checking, setChecking] = useState(false);
  // The sides the server kept from an earlier visit, shown as read (the photo itself stays on the server).
  const [kept, setKept] = useState<{ portrait: Portrait | null; emblem: Emblem | null }>({ portrait: null, emblem: null });
  const photographed = useRef(false);

  // Both sides read on an earlier visit (or before a reload at the check step): back to the check form with
  // what the server kept; one side: that side is done, the other one is next. Only while nothing was
  // photographed here yet; a failure leaves the photo step.
  useEffect(() => {
    const controller = new AbortController();
    getIdCardReadings(controller.signal).then(
      (readings) => {
        if (photographed.current || !readings || (readings.state !== 'documents-read' && readings.state !== 'not-started')) return;
        setPortrait(readings.portrait);
        setEmblem(readings.emblem);
        setKept({ portrait: readings.portrait, emblem: readings.emblem });
        if (readings.state === 'documents-read' && readings.portrait && readings.emblem) setChecking(true);
      },
      () => undefined,
    );
    return () => controller.abort();
  }, []);

  if (checking && portrait && emblem) {
    return (
      <Page title="实名认证">
        <StepList current={2} />
        <CheckForm
          portrait={portrait}
          emblem={emblem}
          onBack={() => {
            // Back at the photos, both sides show as read (their previews went with the step), ready to retake.
            setKept({ portrait, emblem });
            setChecking(false);
          }}
        />
      </Page>
    );
  }
  return (
    <Page title="实名认证">
      <StepList current={1} />
      <Card label="拍摄身份证">
        <h2 className="identity__step-title">拍摄身份证</h2>
        <p className="identity__text">请使用本人有效的第二代居民身份证原件，平放拍摄，四角完整、字迹清晰、无反光。</p>
        <PhotoCapture
          key={kept.portrait ? 'portrait-kept' : 'portrait'}
          side="portrait"
          kept={kept.portrait}
          onRead={(r) => {
            photographed.current = true;
            setPortrait(r?.side === 'portrait' ? r : null);
          }}
        />
        <PhotoCapture
          key={kept.emblem ? 'emblem-kept' : 'emblem'}
          side="emblem"
          kept={kept.emblem}
          onRead={(r) => {
            photographed.current = true;
            setEmblem(r?.side === 'emblem' ? r : null);
          }}
        />
        <Button block disabled={!portrait || !emblem} onClick={() => setChecking(true)}>
          下一步
        </Button>
      </Card>
      <Tip tone="info">您的身份证照片加密传输、加密存储，仅用于实名认证，不会用于其他用途。</Tip>
    </Page>
  );
}
