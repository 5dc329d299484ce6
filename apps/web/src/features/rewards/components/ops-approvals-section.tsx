// 待审批 of /ops/rewards (docs/operations.md "Approvals"): requests waiting for a second operator, and the
// maker's own recent ones. A checker (same role, not the maker) 批准 after a confirmation that states what
// will happen, or 驳回 with a reason; the maker 撤回 while it waits, and takes an approved batch's codes
// once; everyone sees until when a request waits and what became of it.
import { useState } from 'react';
import { OPS_REASON_LIMITS, OPS_ROLE_TEXT, chinaDateTime } from '@tyd/protocol/wire';
import type { OpsApproval, OpsBatch, OpsOperator } from '@tyd/protocol/schemas';
import { Button } from '../../../components/button';
import { Dialog } from '../../../components/dialog';
import { Card } from '../../../components/page';
import { opsRewards } from '../api/ops-rewards';
import { CodesFile } from './ops-rewards-sections';

const STATUS_TEXT: Record<OpsApproval['status'], string> = {
  pending: '待审批',
  approved: '已批准',
  withdrawn: '已撤回',
  failed: '批准但未能执行',
  rejected: '已驳回',
  expired: '已过期',
};

/** How many of the maker's own decided requests the section keeps in view. */
const OWN_RECENT = 10;

type Deciding = { approval: OpsApproval; action: 'approve' | 'reject' } | null;

export function ApprovalsSection({ approvals, operator, onDecided }: { approvals: OpsApproval[]; operator: OpsOperator; onDecided: () => void }) {
  const [busy, setBusy] = useState<string | null>(null);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const [codes, setCodes] = useState<{ batch: OpsBatch; codes: string[] } | null>(null);
  const [deciding, setDeciding] = useState<Deciding>(null);
  const [reason, setReason] = useState('');
  const pending = approvals.filter((approval) => approval.status === 'pending');
  const own = approvals.filter((approval) => approval.status !== 'pending' && approval.requestedBy === operator.name).slice(0, OWN_RECENT);
  const trimmedReason = reason.trim();
  const reasonOk = trimmedReason.length >= OPS_REASON_LIMITS.minChars && trimmedReason.length <= OPS_REASON_LIMITS.maxChars;

  async function act(approval: OpsApproval, work: () => Promise<string>) {
    setBusy(approval.id);
    setMessage(null);
    try {
      setMessage({ text: await work(), error: false });
    } catch (error) {
      setMessage({ text: error instanceof Error ? error.message : '操作失败', error: true });
    } finally {
      setBusy(null);
      onDecided();
    }
  }
  const approve = (approval: OpsApproval) =>
    act(approval, async () => {
      await opsRewards.approve(approval.id);
      return `已批准并生效：${approval.summary}`;
    });
  const reject = (approval: OpsApproval, why: string) =>
    act(approval, async () => {
      await opsRewards.reject(approval.id, why);
      return `已驳回：${approval.summary}`;
    });
  const withdraw = (approval: OpsApproval) =>
    act(approval, async () => {
      await opsRewards.withdraw(approval.id);
      return `已撤回：${approval.summary}`;
    });
  const takeCodes = (approval: OpsApproval) =>
    act(approval, async () => {
      const { result } = await opsRewards.takeResult(approval.id);
      const made = result as { batch?: OpsBatch; codes?: string[] } | null;
      if (made?.batch && made.codes) setCodes({ batch: made.batch, codes: made.codes });
      return `已领取兑换码：${approval.summary}`;
    });

  function close() {
    setDeciding(null);
    setReason('');
  }

  return (
    <Card label="待审批">
      <h2 className="rewards__heading">待审批</h2>
      {message ? (
        <p className={message.error ? 'rewards__error' : 'ops-rewards__done'} role={message.error ? 'alert' : 'status'}>
          {message.text}
        </p>
      ) : null}
      {codes ? <CodesFile key={codes.batch.id} batch={codes.batch} codes={codes.codes} /> : null}
      {pending.length === 0 ? (
        <p className="ops-rewards__muted">没有待审批的申请。</p>
      ) : (
        <ul className="ops-rewards__list" aria-label="待审批申请">
          {pending.map((approval) => (
            <li key={approval.id} className="ops-rewards__entry ops-rewards__approval">
              <div>
                <p className="ops-rewards__entry-title">{approval.summary}</p>
                <p className="ops-rewards__muted ops-rewards__meta">
                  <span>
                    {approval.requestedBy} 申请于<time>{chinaDateTime(approval.requestedAt)}</time>
                  </span>
                  <span>
                    有效至<time>{chinaDateTime(approval.expiresAt)}</time>
                  </span>
                </p>
              </div>
              {approval.requestedBy === operator.name ? (
                <Button variant="secondary" busy={busy === approval.id} onClick={() => void withdraw(approval)}>
                  撤回
                </Button>
              ) : approval.role === operator.role ? (
                <span className="ops-rewards__decide">
                  <Button variant="secondary" disabled={busy === approval.id} onClick={() => setDeciding({ approval, action: 'reject' })}>
                    驳回
                  </Button>
                  <Button busy={busy === approval.id} onClick={() => setDeciding({ approval, action: 'approve' })}>
                    批准
                  </Button>
                </span>
              ) : (
                <span className="ops-rewards__muted">待{OPS_ROLE_TEXT[approval.role]}批准</span>
              )}
            </li>
          ))}
        </ul>
      )}
      {own.length > 0 ? (
        <>
          <h3 className="ops-rewards__subheading">我的申请</h3>
          <ul className="ops-rewards__list" aria-label="我的申请">
            {own.map((approval) => (
              <li key={approval.id} className="ops-rewards__entry ops-rewards__approval">
                <div>
                  <p className="ops-rewards__entry-title">{approval.summary}</p>
                  <p className="ops-rewards__muted ops-rewards__meta">
                    <span className={`ops-rewards__state ops-rewards__state--${approval.status}`}>{STATUS_TEXT[approval.status]}</span>
                    {approval.decidedBy && approval.decidedAt ? (
                      <span>
                        {approval.decidedBy} 于<time>{chinaDateTime(approval.decidedAt)}</time>
                      </span>
                    ) : null}
                    {approval.decisionReason ? <span>理由：{approval.decisionReason}</span> : null}
                  </p>
                </div>
                {approval.resultWaiting ? (
                  <Button busy={busy === approval.id} onClick={() => void takeCodes(approval)}>
                    领取兑换码
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <Dialog
        open={deciding !== null}
        title={deciding?.action === 'reject' ? '驳回这条申请？' : '批准并立即执行？'}
        onClose={close}
        actions={
          <>
            <Button variant="secondary" onClick={close}>
              取消
            </Button>
            <Button
              disabled={deciding?.action === 'reject' && !reasonOk}
              onClick={() => {
                const { approval, action } = deciding!;
                close();
                void (action === 'approve' ? approve(approval) : reject(approval, trimmedReason));
              }}
            >
              {deciding?.action === 'reject' ? '驳回' : '批准'}
            </Button>
          </>
        }
      >
        {deciding ? (
          <>
            <p className="ops-rewards__confirm">{deciding.approval.summary}</p>
            <p className="ops-rewards__muted">
              {deciding.approval.requestedBy} 申请
              {deciding.approval.valuePoints !== null ? `，价值 ${deciding.approval.valuePoints} 积分` : ''}。
              {deciding.action === 'approve' ? '批准后立即生效，并以你的名字记录为审批人。' : '驳回须写明理由，申请人会看到。'}
            </p>
            {deciding.action === 'reject' ? (
              <label className="ops-rewards__reason">
                驳回理由
                <input maxLength={OPS_REASON_LIMITS.maxChars} value={reason} onChange={(e) => setReason(e.target.value)} />
              </label>
            ) : null}
          </>
        ) : null}
      </Dialog>
    </Card>
  );
}
