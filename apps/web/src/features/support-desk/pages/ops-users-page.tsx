// /ops/users, the customer-service desk (docs/operations.md "Operators"; docs/api.md "Customer-service desk"):
// a person calls 客服; the agent types their full phone number and the reason (a ticket number or why they
// called) and sees the account, masked; ends its sessions, freezes it, or asks for it to be unfrozen, which
// another customer-service operator approves here. No list to browse and no partial search: one full number
// at a time, every lookup and action audited with its reason. The customer_service role's page only (the
// console's menu, console-routes.ts); the server refuses every other role regardless.
import { chinaDateTime, DESK_LIMITS, DESK_PHONE_RULE, DESK_REASON_RULE, deskReason, isMainlandMobile } from '@tyd/protocol/wire';
import type { OpsApproval, OpsDeskAccount } from '@tyd/protocol/schemas';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/button';
import { Dialog } from '../../../components/dialog';
import { Card, Page } from '../../../components/page';
import { OpsApiError } from '../../../lib/ops-api';
import { useEndsSession, useOperator } from '../../../lib/operator-context';
import { invalidateQuery, useQuery } from '../../../lib/server-state';
import { opsUsers } from '../api/ops-users';
import { DeskAccount } from '../components/desk-account';
import { DeskActions, type DeskAction } from '../components/desk-actions';
import '../components/support-desk.css';

const APPROVALS_KEY = 'ops-users-approvals';
type Found = { phone: string; account: OpsDeskAccount | null; at: number };
type Notice = { text: string; error: boolean };

const DONE: Record<DeskAction, string> = {
  'end-sessions': '已下线该账户的全部设备。',
  freeze: '账户已冻结，全部设备已下线。',
  unfreeze: '解冻申请已提交，等待另一位客服批准。',
};

function UnfreezeRequests({
  approvals,
  operatorName,
  onDecide,
}: {
  approvals: OpsApproval[];
  operatorName: string;
  onDecide: (a: OpsApproval, d: 'approve' | 'withdraw') => void;
}) {
  return (
    <Card label="待审批的解冻申请">
      <h2 className="desk__heading">待审批的解冻申请</h2>
      {approvals.length === 0 ? (
        <p className="desk__muted">没有待审批的解冻申请。</p>
      ) : (
        <ul className="desk-list desk-list--rows">
          {approvals.map((approval) => (
            <li key={approval.id} className="desk-request">
              <span>
                <span className="desk-request__summary">{approval.summary}</span>
                <span className="desk__muted">
                  {approval.requestedBy} 申请于 <time>{chinaDateTime(approval.requestedAt)}</time>
                </span>
              </span>
              {approval.requestedBy === operatorName ? (
                <Button variant="secondary" onClick={() => onDecide(approval, 'withdraw')}>
                  撤回
                </Button>
              ) : (
                <Button onClick={() => onDecide(approval, 'approve')}>批准解冻</Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

export default function OpsUsersPage() {
  const { operator, ended } = useOperator();
  const phoneId = useId();
  const reasonId = useId();
  const [phone, setPhone] = useState('');
  const [reason, setReason] = useState('');
  const [problems, setProblems] = useState<{ phone?: string; reason?: string }>({});
  const [busy, setBusy] = useState(false);
  const [found, setFound] = useState<Found | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [deciding, setDeciding] = useState<{ approval: OpsApproval; decision: 'approve' | 'withdraw' } | null>(null);
  const [deciderBusy, setDeciderBusy] = useState(false);
  const approvals = useQuery([APPROVALS_KEY], (signal) => opsUsers.approvals(signal), { staleTimeMs: 0 });
  useEndsSession(approvals.error);
  const unfreezes = (approvals.data?.approvals ?? []).filter((a) => a.kind === 'account-unfreeze' && a.status === 'pending');
  const account = found?.account ?? null;
  const pending = account ? (approvals.data ? (unfreezes.find((a) => a.targetId === account.id) ?? null) : account.unfreezeRequest) : null;

  /** A refusal as the page says it; an ended session goes back to the sign-in form. */
  function failed(error: unknown): string {
    if (error instanceof OpsApiError && error.failure === 'unauthorized') ended();
    return error instanceof Error ? error.message : '操作失败，请稍后重试';
  }

  async function handleLookup(event: FormEvent) {
    event.preventDefault();
    const digits = phone.replace(/\s+/g, '');
    const { reason: stated, chars } = deskReason(reason);
    const next = {
      phone: isMainlandMobile(digits) ? undefined : DESK_PHONE_RULE,
      reason: chars >= DESK_LIMITS.reasonMinChars && chars <= DESK_LIMITS.reasonMaxChars ? undefined : DESK_REASON_RULE,
    };
    setProblems(next);
    if (next.phone || next.reason || busy) return;
    setBusy(true);
    setNotice(null);
    try {
      const answer = await opsUsers.lookup(digits, stated);
      setFound({ ...answer, at: Date.now() });
      setNotice({ text: '本次查询已连同事由记入审计日志。', error: false });
    } catch (error) {
      setFound(null);
      setNotice({ text: failed(error), error: true });
    } finally {
      setBusy(false);
    }
  }

  async function handleAct(action: DeskAction, stated: string) {
    if (!account) return;
    try {
      if (action === 'unfreeze') await opsUsers.unfreeze(account.id, stated);
      else {
        const answer = action === 'freeze' ? await opsUsers.freeze(account.id, stated) : await opsUsers.endSessions(account.id, stated);
        setFound((current) => current && { ...current, account: answer.account, at: Date.now() });
      }
      setNotice({ text: DONE[action], error: false });
    } catch (error) {
      throw new Error(failed(error), { cause: error });
    } finally {
      invalidateQuery([APPROVALS_KEY]);
    }
  }

  async function handleDecide() {
    if (!deciding) return;
    const { approval, decision } = deciding;
    setDeciderBusy(true);
    try {
      if (decision === 'approve') await opsUsers.approve(approval.id);
      else await opsUsers.withdraw(approval.id);
      // The account on screen, if it is this one, is no longer frozen once approved.
      if (decision === 'approve' && account?.id === approval.targetId)
        setFound((current) => (current?.account ? { ...current, account: { ...current.account, frozen: null, unfreezeRequest: null } } : current));
      setNotice({ text: decision === 'approve' ? `已批准：${approval.summary}` : `已撤回：${approval.summary}`, error: false });
    } catch (error) {
      setNotice({ text: failed(error), error: true });
    } finally {
      setDeciderBusy(false);
      setDeciding(null);
      invalidateQuery([APPROVALS_KEY]);
    }
  }

  return (
    <Page title="客服查询" lead="按用户来电的完整手机号查询一个账户，信息均已脱敏。每次查询和操作都须填写事由，并记入审计日志。">
      <Card label="查询账户">
        <form className="desk-lookup" noValidate onSubmit={(event) => void handleLookup(event)}>
          <div className="desk-field">
            <label htmlFor={phoneId}>手机号（完整 11 位）</label>
            <input
              id={phoneId}
              value={phone}
              inputMode="numeric"
              autoComplete="off"
              maxLength={13}
              aria-invalid={problems.phone ? true : undefined}
              aria-describedby={problems.phone ? `${phoneId}-problem` : undefined}
              onChange={(event) => setPhone(event.target.value)}
            />
            {problems.phone ? (
              <span id={`${phoneId}-problem`} className="desk__error">
                {problems.phone}
              </span>
            ) : null}
          </div>
          <div className="desk-field desk-field--wide">
            <label htmlFor={reasonId}>事由（工单号或来电原因）</label>
            <input
              id={reasonId}
              value={reason}
              autoComplete="off"
              maxLength={DESK_LIMITS.reasonMaxChars * 2}
              placeholder="如：工单 T-1024，来电反映收不到验证码"
              aria-invalid={problems.reason ? true : undefined}
              aria-describedby={problems.reason ? `${reasonId}-problem` : undefined}
              onChange={(event) => setReason(event.target.value)}
            />
            {problems.reason ? (
              <span id={`${reasonId}-problem`} className="desk__error">
                {problems.reason}
              </span>
            ) : null}
          </div>
          <Button type="submit" busy={busy} className="desk-lookup__submit">
            {busy ? '查询中…' : '查询'}
          </Button>
        </form>
        {notice ? (
          <p className={notice.error ? 'desk__error desk__notice' : 'desk__done desk__notice'} role={notice.error ? 'alert' : 'status'}>
            {notice.text}
          </p>
        ) : null}
      </Card>

      {found && !account ? (
        <Card label="查询结果">
          <p className="desk__empty">手机号 {found.phone} 没有注册账户（或已注销）。</p>
        </Card>
      ) : null}

      {account && found ? (
        <Card label="账户">
          <div className="desk-head">
            <div>
              <h2 className="desk-head__phone">{account.phone}</h2>
              <p className="desk__muted">
                注册于 <time>{chinaDateTime(account.registeredAt).slice(0, 10)}</time>
              </p>
            </div>
            <span className={account.frozen ? 'desk-badge desk-badge--frozen' : 'desk-badge'}>{account.frozen ? '已冻结' : '正常'}</span>
          </div>
          {account.frozen ? (
            <p className="desk-frozen" role="note">
              {account.frozen.operator} 于 <time>{chinaDateTime(account.frozen.at)}</time> 冻结。事由：{account.frozen.reason}
            </p>
          ) : null}
          <DeskActions
            key={account.id}
            account={account}
            pending={pending}
            operator={operator}
            defaultReason={deskReason(reason).reason}
            onAct={handleAct}
            onDecide={async (approval, decision) => setDeciding({ approval, decision })}
          />
          <DeskAccount account={account} now={found.at} />
        </Card>
      ) : null}

      <UnfreezeRequests approvals={unfreezes} operatorName={operator.name} onDecide={(approval, decision) => setDeciding({ approval, decision })} />

      <Dialog
        open={deciding !== null}
        title={deciding?.decision === 'approve' ? '批准解冻？' : '撤回解冻申请？'}
        onClose={() => !deciderBusy && setDeciding(null)}
        actions={
          <>
            <Button variant="secondary" disabled={deciderBusy} onClick={() => setDeciding(null)}>
              取消
            </Button>
            <Button busy={deciderBusy} onClick={() => void handleDecide()}>
              {deciding?.decision === 'approve' ? '批准解冻' : '撤回'}
            </Button>
          </>
        }
      >
        {deciding
          ? deciding.decision === 'approve'
            ? `${deciding.approval.summary}（${deciding.approval.requestedBy} 申请）。批准后该账户立即可以重新登录。`
            : `${deciding.approval.summary}。撤回后账户保持冻结。`
          : null}
      </Dialog>
    </Page>
  );
}
