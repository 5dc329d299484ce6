// /ops/operators (docs/operations.md "Operators"): administrators add operators and reset them (each time a
// one-time enrolment link to hand over, where the operator alone chooses the password and scans the TOTP
// secret: the administrator never sees either), disable them (their sessions end at once; not oneself), and
// read the audit log, which no page and no call can change. The console shows this page to administrators
// only; the server refuses its calls to anyone else.
import { useState, type FormEvent } from 'react';
import { chinaDateTime } from '@tyd/protocol/wire';
import type { OpsOperator } from '@tyd/protocol/schemas';
import { OPS_ROLE_TEXT, type OpsRole } from '@tyd/protocol/wire';
import { Button } from '../../../components/button';
import { Dialog } from '../../../components/dialog';
import { Card, Page } from '../../../components/page';
import { useEndsSession, useOperator } from '../../../lib/operator-context';
import { invalidateQuery, useQuery } from '../../../lib/server-state';
import { opsOperators, type EnrolmentLink } from '../api/ops-operators';
import { AuditLog, auditKey } from '../components/audit-log';
import '../components/operators.css';

const OPERATORS_KEY = 'ops-operators';
const ROLES = Object.keys(OPS_ROLE_TEXT) as OpsRole[];

function CopyLink({ url }: { url: string }) {
  const [copied, setCopied] = useState<boolean | null>(null);
  async function handleCopy() {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  }
  return (
    <>
      <Button variant="secondary" onClick={() => void handleCopy()}>
        {copied ? '已复制' : '复制'}
      </Button>
      {copied === false ? (
        <p className="operators__muted" role="status">
          无法自动复制，请选中上面的链接手动复制。
        </p>
      ) : null}
    </>
  );
}

/**
 * The link to hand over, once: only its hash is kept, so it cannot be shown again (a new one replaces it).
 * Whoever opens it sets the account's password, so it goes to the operator alone.
 */
function EnrolmentLinkCard({ link, onDone }: { link: EnrolmentLink; onDone: () => void }) {
  return (
    <Card label="设置链接">
      <div className="operators__enrolment" role="status">
        <p>
          请把下面的链接交给 <strong>{link.operator.name}</strong>{' '}
          本人（当面或企业内部通讯），由本人打开后设置密码并绑定验证器。链接只显示这一次，只能使用一次，打开链接的人即成为该账号的使用者，请勿转给他人。
        </p>
        <p className="operators__secret operators__link">{link.enrolmentUrl}</p>
        <div className="operators__actions">
          <CopyLink url={link.enrolmentUrl} />
          <Button variant="text" onClick={onDone}>
            已交付，关闭
          </Button>
        </div>
        <p className="operators__muted">
          有效至 <time>{chinaDateTime(link.enrolmentExpiresAt)}</time>；过期或丢失时，点“重置”生成新的链接，旧链接随即失效。
        </p>
      </div>
    </Card>
  );
}

function AddOperator({ onAdded }: { onAdded: (link: EnrolmentLink) => void }) {
  const [name, setName] = useState('');
  const [role, setRole] = useState<OpsRole>('viewer');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      onAdded(await opsOperators.add({ name: name.trim().toLowerCase(), role }));
      setName('');
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : '添加失败');
    } finally {
      setBusy(false);
    }
  }
  return (
    <Card label="添加运营账号">
      <h2 className="operators__heading">添加运营账号</h2>
      <form className="operators__form" onSubmit={(event) => void handleSubmit(event)} aria-label="添加运营账号">
        <label>
          账号（小写字母、数字或 . _ @ -）
          <input value={name} maxLength={64} autoComplete="off" onChange={(e) => setName(e.target.value)} />
        </label>
        <label>
          角色
          <select value={role} onChange={(e) => setRole(e.target.value as OpsRole)}>
            {ROLES.map((value) => (
              <option key={value} value={value}>
                {OPS_ROLE_TEXT[value]}
              </option>
            ))}
          </select>
        </label>
        <p className="operators__muted">添加后生成一次性设置链接，由本人设置密码并绑定验证器；您不会看到其密码或密钥。</p>
        {error ? (
          <p className="operators__error" role="alert">
            {error}
          </p>
        ) : null}
        <Button type="submit" busy={busy} disabled={name.trim() === ''}>
          添加
        </Button>
      </form>
    </Card>
  );
}

type Pending = { action: 'disable' | 'reset'; operator: OpsOperator };
type Message = { text: string; error: boolean } | null;

/** `message`: the outcome of the last change, kept by the page (the list is drawn anew when it is read again). */
function OperatorList(props: {
  operators: OpsOperator[];
  me: OpsOperator;
  message: Message;
  setMessage: (message: Message) => void;
  onEnrolment: (link: EnrolmentLink) => void;
}) {
  const { operators, me, message, setMessage, onEnrolment } = props;
  const [pending, setPending] = useState<Pending | null>(null);
  const [busy, setBusy] = useState(false);
  async function confirm() {
    if (!pending || busy) return;
    const { action, operator } = pending;
    setBusy(true);
    setMessage(null);
    try {
      if (action === 'disable') {
        await opsOperators.disable(operator.id);
        setMessage({ text: `已停用 ${operator.name}，其登录已全部失效。`, error: false });
      } else {
        onEnrolment(await opsOperators.reset(operator.id));
        setMessage({ text: `已重置 ${operator.name}：原密码和验证器已失效，新的设置链接见上方。`, error: false });
      }
    } catch (failure) {
      setMessage({ text: failure instanceof Error ? failure.message : '操作失败', error: true });
    } finally {
      setBusy(false);
      setPending(null);
      invalidateQuery([OPERATORS_KEY]);
      invalidateQuery(auditKey());
    }
  }
  return (
    <Card label="运营账号">
      <h2 className="operators__heading">运营账号</h2>
      {message ? (
        <p className={message.error ? 'operators__error' : 'operators__done'} role={message.error ? 'alert' : 'status'}>
          {message.text}
        </p>
      ) : null}
      <ul className="operators__list" aria-label="运营账号">
        {operators.map((operator) => (
          <li key={operator.id} className="operators__entry">
            <div>
              <p className="operators__name">
                {operator.name} <span className="operators__role">{OPS_ROLE_TEXT[operator.role]}</span>
                {operator.disabledAt !== null ? (
                  <span className="operators__badge">已停用</span>
                ) : operator.enrolledAt === null ? (
                  <span className="operators__badge">待本人设置</span>
                ) : null}
              </p>
              <p className="operators__muted">
                {operator.createdBy} 添加于<time>{chinaDateTime(operator.createdAt)}</time>
                {operator.disabledAt !== null ? (
                  <>
                    {' · 停用于'}
                    <time>{chinaDateTime(operator.disabledAt)}</time>
                  </>
                ) : null}
              </p>
            </div>
            <div className="operators__actions">
              <Button variant="secondary" onClick={() => setPending({ action: 'reset', operator })}>
                {operator.disabledAt !== null ? '重置并启用' : '重置'}
              </Button>
              {operator.disabledAt === null && operator.id !== me.id ? (
                <Button variant="text" onClick={() => setPending({ action: 'disable', operator })}>
                  停用
                </Button>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
      <Dialog
        open={pending !== null}
        title={pending?.action === 'disable' ? '停用运营账号？' : '重置运营账号？'}
        onClose={() => setPending(null)}
        actions={
          <>
            <Button variant="secondary" onClick={() => setPending(null)}>
              取消
            </Button>
            <Button busy={busy} onClick={() => void confirm()}>
              {pending?.action === 'disable' ? '停用' : '重置'}
            </Button>
          </>
        }
      >
        {pending?.action === 'disable'
          ? `${pending.operator.name} 将不能再登录，正在使用的登录立即失效。之后可以用“重置并启用”恢复。`
          : pending
            ? `${pending.operator.name} 原来的密码和验证器立即失效，正在使用的登录立即退出，锁定解除；将生成新的设置链接，由本人重新设置。`
            : null}
      </Dialog>
    </Card>
  );
}

export default function OpsOperatorsPage() {
  const { operator: me } = useOperator();
  const operators = useQuery([OPERATORS_KEY], (signal) => opsOperators.list(signal), { staleTimeMs: 0 });
  const [link, setLink] = useState<EnrolmentLink | null>(null);
  const [message, setMessage] = useState<Message>(null);
  useEndsSession(operators.error);
  const showEnrolment = (value: EnrolmentLink) => {
    setLink(value);
    invalidateQuery([OPERATORS_KEY]);
    invalidateQuery(auditKey());
  };
  return (
    <Page title="账号与审计" lead="运营账号的添加、停用与重置，以及全部运营操作的审计记录（只读，不能修改或删除）。">
      {link ? <EnrolmentLinkCard link={link} onDone={() => setLink(null)} /> : null}
      <AddOperator onAdded={showEnrolment} />
      {operators.data ? (
        <OperatorList operators={operators.data.operators} me={me} message={message} setMessage={setMessage} onEnrolment={showEnrolment} />
      ) : (
        <Card label="运营账号">
          <p className="operators__muted" role={operators.status === 'error' ? 'alert' : 'status'}>
            {operators.status === 'error' ? (operators.error as Error).message : '正在加载…'}
          </p>
        </Card>
      )}
      <AuditLog />
    </Page>
  );
}
