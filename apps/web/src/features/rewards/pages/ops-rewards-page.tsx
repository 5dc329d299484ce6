// /ops/rewards (docs/operations.md "Vouchers and redeem codes"; docs/api.md "Rewards operations"):
// operators set the lucky draw's prizes (weights, so odds, and stock), the voucher catalogue (cost, stock,
// per-user limit, validity, on offer), the new-user gift's lines, and issue redeem batches (the codes
// downloaded once as a text file) or revoke them; the audit shows who changed what. Behind the operator's
// session (the console signs in); the server names the signed-in operator with every change. Changes are
// the rewards managers' (docs/operations.md "Roles"): other roles see the same values, nothing to change.
// A change that waits for a second operator's approval (202) is said so.
import { useState } from 'react';
import { Button } from '../../../components/button';
import { Card, Page } from '../../../components/page';
import { OpsApiError } from '../../../lib/ops-api';
import { mayChange, useEndsSession, useOperator } from '../../../lib/operator-context';
import { useQuery } from '../../../lib/server-state';
import { opsRewards } from '../api/ops-rewards';
import { ApprovalsSection } from '../components/ops-approvals-section';
import { BatchesSection, ChangesSection, GiftSection, GrantSection, ItemsSection, PrizesSection, type RunChange } from '../components/ops-rewards-sections';
import '../components/rewards.css';
import '../components/ops-rewards.css';

const SUMMARY_KEY = 'ops-rewards';
const MESSAGE_CLASS = { done: 'ops-rewards__done', pending: 'ops-rewards__pending', error: 'rewards__error' } as const;
const APPROVALS_KEY = 'ops-approvals';

export default function OpsRewardsPage() {
  const { operator } = useOperator();
  const summary = useQuery([SUMMARY_KEY], (signal) => opsRewards.summary(signal), { staleTimeMs: 0 });
  const approvals = useQuery([APPROVALS_KEY], (signal) => opsRewards.approvals(signal), { staleTimeMs: 0 });
  // `pending`: kept as a request for a second operator (HTTP 202): a state to know about, not a failure.
  const [message, setMessage] = useState<{ text: string; tone: 'done' | 'pending' | 'error' } | null>(null);
  const [busy, setBusy] = useState(false);
  useEndsSession(summary.error);

  const run: RunChange = async (action, done) => {
    setBusy(true);
    setMessage(null);
    try {
      await action();
      setMessage({ text: done, tone: 'done' });
      summary.refetch();
      return true;
    } catch (error) {
      const awaitingApproval = error instanceof OpsApiError && error.failure === 'awaiting-approval';
      setMessage({ text: error instanceof Error ? error.message : '操作失败', tone: awaitingApproval ? 'pending' : 'error' });
      // Kept for approval: it is listed under 待审批.
      if (awaitingApproval) approvals.refetch();
      return false;
    } finally {
      setBusy(false);
    }
  };

  const manager = mayChange(operator, 'rewards_manager');
  const change = manager ? run : null;
  const data = summary.data;
  return (
    <Page
      title="奖励管理"
      lead={
        manager
          ? '抽奖奖品、卡券、新人礼与兑换码。每次修改都会以您的账号记录操作人和时间。'
          : '抽奖奖品、卡券、新人礼与兑换码。仅奖励管理员可以修改，您可以查看。'
      }
    >
      {/* Always in the page, so what lands in it is announced; a card only while there is something to say. */}
      <div aria-live="polite">
        {busy || message ? (
          <Card label="提交结果">
            {busy ? (
              <p className="ops-rewards__muted">正在提交…</p>
            ) : message ? (
              <p className={MESSAGE_CLASS[message.tone]} role={message.tone === 'error' ? 'alert' : 'status'}>
                {message.text}
              </p>
            ) : null}
          </Card>
        ) : null}
      </div>
      {data ? (
        <>
          <ApprovalsSection
            approvals={approvals.data?.approvals ?? []}
            operator={operator}
            onDecided={() => {
              approvals.refetch();
              summary.refetch();
            }}
          />
          <PrizesSection prizes={data.prizes} run={change} />
          <ItemsSection items={data.items} run={change} />
          <GiftSection key={JSON.stringify(data.gift)} gift={data.gift} items={data.items} run={change} />
          <BatchesSection batches={data.batches} items={data.items} run={change} />
          <GrantSection run={change} />
          <ChangesSection changes={data.changes} />
        </>
      ) : summary.status === 'error' ? (
        <Card>
          <p className="rewards__error" role="alert">
            {(summary.error as Error).message}
          </p>
          <Button variant="secondary" onClick={summary.refetch}>
            重新加载
          </Button>
        </Card>
      ) : (
        <Card>
          <p className="rewards__muted" role="status" aria-busy="true">
            正在加载…
          </p>
        </Card>
      )}
    </Page>
  );
}
