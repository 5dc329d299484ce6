// The desk's actions on one account (docs/api.md "Customer-service desk"): 下线全部设备, 冻结账户 and 申请解冻,
// each confirmed in a dialog that says what will happen to the person and asks for the reason the audit
// keeps (the lookup's, to edit); and, on an unfreeze request, 批准 for another customer-service operator or
// 撤回 for the one who asked.
import { DESK_LIMITS, DESK_REASON_RULE, chinaDateTime, deskReason } from '@tyd/protocol/wire';
import type { OpsApproval, OpsDeskAccount, OpsOperator } from '@tyd/protocol/schemas';
import { useId, useState } from 'react';
import { Button } from '../../../components/button';
import { Dialog } from '../../../components/dialog';

export type DeskAction = 'end-sessions' | 'freeze' | 'unfreeze';

const ACTION_TITLE: Record<DeskAction, string> = { 'end-sessions': '下线全部设备？', freeze: '冻结这个账户？', unfreeze: '申请解冻这个账户？' };
const ACTION_BUTTON: Record<DeskAction, string> = { 'end-sessions': '确认下线', freeze: '确认冻结', unfreeze: '提交申请' };

function consequence(action: DeskAction, account: OpsDeskAccount): string {
  const live = account.sessions.filter((session) => session.state === 'live').length;
  switch (action) {
    case 'end-sessions':
      return `${account.phone} 当前 ${live} 台设备上的登录将立即结束，对方需要重新用验证码登录。账户不会被冻结。`;
    case 'freeze':
      return `冻结后，${account.phone} 不能再用验证码或 App 授权登录，登录时会看到“该账号已被冻结，暂时无法登录，如有疑问请联系客服”；当前 ${live} 台设备上的登录立即结束。解冻需要另一位客服批准。`;
    case 'unfreeze':
      return `申请提交后，需另一位客服在“待审批的解冻申请”中批准，${account.phone} 才能重新登录。`;
  }
}

export function DeskActions({
  account,
  pending,
  operator,
  defaultReason,
  onAct,
  onDecide,
}: {
  account: OpsDeskAccount;
  /** The account's unfreeze request waiting for a second operator, if any. */
  pending: OpsApproval | null;
  operator: OpsOperator;
  defaultReason: string;
  onAct: (action: DeskAction, reason: string) => Promise<void>;
  onDecide: (approval: OpsApproval, decision: 'approve' | 'withdraw') => Promise<void>;
}) {
  const [open, setOpen] = useState<DeskAction | null>(null);
  const [reason, setReason] = useState(defaultReason);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const reasonId = useId();

  function start(action: DeskAction) {
    setReason(defaultReason);
    setProblem(null);
    setOpen(action);
  }
  async function confirm() {
    if (!open) return;
    const { reason: stated, chars } = deskReason(reason);
    if (chars < DESK_LIMITS.reasonMinChars || chars > DESK_LIMITS.reasonMaxChars) return setProblem(DESK_REASON_RULE);
    setBusy(true);
    try {
      await onAct(open, stated);
      setOpen(null);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : '操作失败，请稍后重试');
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="desk-actions">
      <div className="desk-actions__buttons">
        <Button variant="secondary" onClick={() => start('end-sessions')}>
          下线全部设备
        </Button>
        {account.frozen === null ? (
          <Button className="desk-danger" onClick={() => start('freeze')}>
            冻结账户
          </Button>
        ) : pending === null ? (
          <Button onClick={() => start('unfreeze')}>申请解冻</Button>
        ) : null}
      </div>
      {pending ? (
        <div className="desk-pending" role="group" aria-label="解冻申请">
          <div className="desk-pending__text">
            <p>
              <strong>解冻申请待审批</strong>：{pending.requestedBy} 申请于 <time>{chinaDateTime(pending.requestedAt)}</time>
            </p>
            <p>{pending.requestedBy === operator.name ? '需另一位客服批准后生效。' : '批准后账户立即可以重新登录。'}</p>
          </div>
          {pending.requestedBy === operator.name ? (
            <Button variant="secondary" onClick={() => void onDecide(pending, 'withdraw')}>
              撤回申请
            </Button>
          ) : (
            <Button onClick={() => void onDecide(pending, 'approve')}>批准解冻</Button>
          )}
        </div>
      ) : null}
      <Dialog
        open={open !== null}
        title={open ? ACTION_TITLE[open] : ''}
        onClose={() => !busy && setOpen(null)}
        actions={
          <>
            <Button variant="secondary" onClick={() => setOpen(null)} disabled={busy}>
              取消
            </Button>
            <Button className={open === 'freeze' ? 'desk-danger' : undefined} busy={busy} onClick={() => void confirm()}>
              {open ? ACTION_BUTTON[open] : ''}
            </Button>
          </>
        }
      >
        {open ? (
          <div className="desk-confirm">
            <p>{consequence(open, account)}</p>
            <div className="desk-field">
              <label htmlFor={reasonId}>事由（记入审计日志）</label>
              <input id={reasonId} value={reason} maxLength={DESK_LIMITS.reasonMaxChars * 2} onChange={(event) => setReason(event.target.value)} />
            </div>
            {problem ? (
              <p className="desk__error" role="alert">
                {problem}
              </p>
            ) : null}
          </div>
        ) : null}
      </Dialog>
    </div>
  );
}
