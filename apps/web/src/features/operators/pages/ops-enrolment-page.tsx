// /ops/enrol#<token> (docs/operations.md "Operators"): the operator's own enrolment, opened from the link an
// administrator handed over, before they have any session. They choose their password (the rules said before
// they type, NIST SP 800-63B §5.1.1.2), scan their TOTP secret (RFC 6238) as a QR code or type it, and confirm
// with a current code; only then does the server keep either, so a mistyped scan locks nobody out. The token
// stays in the fragment, which the browser never sends (no access log, proxy or Referer sees it), and the
// page can be loaded again: the server shows the same secret until the link is used.
import { useEffect, useState, type FormEvent } from 'react';
import { OPS_PASSWORD_LIMITS, OPS_ROLE_TEXT, chinaDateTime } from '@tyd/protocol/wire';
import { Button } from '../../../components/button';
import { Field } from '../../../components/field';
import { Link } from '../../../components/link';
import { Card, Page } from '../../../components/page';
import { isCodeWrong, isLinkInvalid, opsEnrolment, type EnrolmentStart } from '../api/ops-enrolment';
import { TotpQrCode } from '../components/totp-qr-code';
import '../components/enrolment.css';

type Opened = { status: 'opening' } | { status: 'invalid' } | { status: 'failed'; reason: string } | { status: 'open'; enrolment: EnrolmentStart };

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** The secret in groups of four, as authenticator apps show a key typed in. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

const chars = (text: string) => [...text.normalize('NFKC')].length;

function Invalid() {
  return (
    <Card label="链接无效">
      <div className="enrolment__notice" role="alert">
        <h2 className="enrolment__heading">链接无效或已过期</h2>
        <p>设置链接只能使用一次，并且只在有效期内可用；管理员重新生成后，旧链接立即失效。</p>
        <p>请联系管理员为您重新生成链接。</p>
      </div>
    </Card>
  );
}

function CopySecret({ secret }: { secret: string }) {
  const [copied, setCopied] = useState(false);
  async function handleCopy() {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  }
  return (
    <Button variant="secondary" onClick={() => void handleCopy()} aria-live="polite">
      {copied ? '已复制' : '复制密钥'}
    </Button>
  );
}

function EnrolmentForm({ token, enrolment, onDone, onInvalid }: { token: string; enrolment: EnrolmentStart; onDone: () => void; onInvalid: () => void }) {
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<{ password?: string; again?: string; code?: string; form?: string }>({});
  const complete = password !== '' && again !== '' && /^[0-9]{6}$/.test(code);

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!complete || busy) return;
    // What the page can tell before asking; the server checks every rule regardless.
    if (chars(password) < OPS_PASSWORD_LIMITS.minChars) return setErrors({ password: `密码至少 ${OPS_PASSWORD_LIMITS.minChars} 个字符` });
    if (chars(password) > OPS_PASSWORD_LIMITS.maxChars) return setErrors({ password: `密码至多 ${OPS_PASSWORD_LIMITS.maxChars} 个字符` });
    if (again !== password) return setErrors({ again: '两次输入的密码不一致' });
    setBusy(true);
    setErrors({});
    try {
      await opsEnrolment.finish({ token, password, code });
      onDone();
    } catch (error) {
      if (isLinkInvalid(error)) return onInvalid();
      const reason = error instanceof Error ? error.message : '设置失败，请稍后重试';
      if (isCodeWrong(error)) setErrors({ code: reason });
      else if (reason.startsWith('密码')) setErrors({ password: reason.replace(/^密码（password）：/, '密码') });
      else setErrors({ form: reason });
      // A code is accepted once and changes every 30 seconds: the next try needs the current one.
      setCode('');
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="enrolment" onSubmit={(event) => void handleSubmit(event)} aria-label="设置运营账号">
      <Card label="账号">
        <dl className="enrolment__who">
          <div>
            <dt>账号</dt>
            <dd>{enrolment.operator.name}</dd>
          </div>
          <div>
            <dt>角色</dt>
            <dd>{OPS_ROLE_TEXT[enrolment.operator.role]}</dd>
          </div>
          <div>
            <dt>链接有效至</dt>
            <dd>
              <time>{chinaDateTime(enrolment.expiresAt)}</time>
            </dd>
          </div>
        </dl>
        <p className="enrolment__muted">密码和动态验证码密钥只有您本人知道，管理员和客服都看不到，也不会向您索要。</p>
      </Card>

      <Card label="第一步：设置密码">
        <h2 className="enrolment__heading">
          <span className="enrolment__step">1</span>设置密码
        </h2>
        <ul className="enrolment__rules" aria-label="密码要求">
          <li>
            {OPS_PASSWORD_LIMITS.minChars} 至 {OPS_PASSWORD_LIMITS.maxChars} 个字符，可以用空格和中文，建议用一句只有您知道的话
          </li>
          <li>不能是常用密码，不能含有账号名</li>
          <li>不能是重复字符或键盘、字母顺序（如 qwerty、abcdef）</li>
        </ul>
        <Field
          label="新密码"
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={errors.password}
        />
        <Field
          label="再次输入新密码"
          type="password"
          autoComplete="new-password"
          value={again}
          onChange={(e) => setAgain(e.target.value)}
          error={errors.again}
        />
      </Card>

      <Card label="第二步：绑定验证器">
        <h2 className="enrolment__heading">
          <span className="enrolment__step">2</span>绑定验证器
        </h2>
        <p className="enrolment__text">用手机上的验证器应用（如 Google Authenticator、Microsoft Authenticator）扫描二维码。</p>
        <TotpQrCode uri={enrolment.otpauthUri} label={`${enrolment.operator.name} 的动态验证码二维码`} />
        <p className="enrolment__muted">无法扫描时，在验证器中选择“输入设置密钥”，填入：</p>
        <p className="enrolment__secret" aria-label="动态验证码密钥">
          {grouped(enrolment.totpSecret)}
        </p>
        <CopySecret secret={enrolment.totpSecret} />
      </Card>

      <Card label="第三步：确认动态验证码">
        <h2 className="enrolment__heading">
          <span className="enrolment__step">3</span>确认动态验证码
        </h2>
        <p className="enrolment__text">输入验证器中显示的 6 位数字，确认绑定无误后才会保存。</p>
        <Field
          label="动态验证码"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={code}
          onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
          error={errors.code}
        />
        {errors.form ? (
          <p className="enrolment__error" role="alert">
            {errors.form}
          </p>
        ) : null}
        <Button type="submit" block busy={busy} disabled={!complete}>
          完成设置
        </Button>
      </Card>
    </form>
  );
}

export default function OpsEnrolmentPage() {
  const [token] = useState(() => window.location.hash.slice(1));
  const [opened, setOpened] = useState<Opened>(() => (TOKEN.test(token) ? { status: 'opening' } : { status: 'invalid' }));
  const [done, setDone] = useState(false);
  useEffect(() => {
    if (!TOKEN.test(token)) return;
    let current = true;
    opsEnrolment.start(token).then(
      (enrolment) => current && setOpened({ status: 'open', enrolment }),
      (error: unknown) => {
        if (!current) return;
        setOpened(isLinkInvalid(error) ? { status: 'invalid' } : { status: 'failed', reason: error instanceof Error ? error.message : '打开失败，请稍后重试' });
      },
    );
    return () => {
      current = false;
    };
  }, [token]);

  if (done) {
    return (
      <Page title="设置完成" className="enrolment-page">
        <Card label="设置完成">
          <div className="enrolment__notice" role="status">
            <p>密码和验证器已绑定，这个链接已失效。</p>
            <p>请用账号、新密码和验证器中的动态验证码登录。刚才确认用过的验证码不能再用，请等验证器显示下一个（每 30 秒更新）。</p>
            <Link to="/ops" className="btn btn--primary btn--block">
              去登录
            </Link>
          </div>
        </Card>
      </Page>
    );
  }
  return (
    <Page title="设置运营账号" lead="通盈达运营后台 · 首次登录前，请设置您自己的密码和动态验证码。" className="enrolment-page">
      {opened.status === 'opening' ? (
        <p role="status" aria-busy="true">
          正在打开链接…
        </p>
      ) : opened.status === 'invalid' ? (
        <Invalid />
      ) : opened.status === 'failed' ? (
        <Card label="打开失败">
          <div className="enrolment__notice" role="alert">
            <p>{opened.reason}</p>
            <Button variant="secondary" onClick={() => window.location.reload()}>
              重试
            </Button>
          </div>
        </Card>
      ) : (
        <EnrolmentForm token={token} enrolment={opened.enrolment} onDone={() => setDone(true)} onInvalid={() => setOpened({ status: 'invalid' })} />
      )}
    </Page>
  );
}
