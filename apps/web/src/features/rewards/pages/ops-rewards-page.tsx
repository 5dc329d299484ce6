// /ops/rewards (docs/operations.md "Vouchers and redeem codes"; docs/api.md "Rewards operations"):
// operators set the lucky draw's prizes (weights, so odds, and stock), the voucher catalogue (cost, stock,
// per-user limit, validity, on offer), the new-user gift's lines, and issue redeem batches (the codes
// downloaded once as a text file) or revoke them; the audit shows who changed what. Behind the operator's
// session of /ops (the shared sign-in, components/ops-sign-in.tsx); the server names the signed-in operator
// with every change. A change that waits for a second operator's approval (202) is said so.
import { useEffect, useState } from 'react';
import { Button } from '../../../components/button';
import { Field } from '../../../components/field';
import { OpsSignedIn } from '../../../components/ops-sign-in';
import { Card, Page } from '../../../components/page';
import { OpsApiError } from '../../../lib/ops-api';
import { useOpsSession } from '../../../lib/use-ops-session';
import { useQuery } from '../../../lib/server-state';
import { opsRewards } from '../api/ops-rewards';
import { ApprovalsSection, BatchesSection, ChangesSection, GiftSection, ItemsSection, PrizesSection, type RunChange } from '../components/ops-rewards-sections';
import '../components/rewards.css';
import '../components/ops-rewards.css';

const SUMMARY_KEY = 'ops-rewards';
const APPROVALS_KEY = 'ops-approvals';

export default function OpsRewardsPage() {
  const session = useOpsSession();
  return (
    <OpsSignedIn title="奖励管理" session={session}>
      {session.state.status === 'signed-in' ? <RewardsConsole me={session.state.operator.name} onSessionEnded={session.ended} /> : null}
    </OpsSignedIn>
  );
}

function RewardsConsole({ me, onSessionEnded }: { me: string; onSessionEnded: () => void }) {
  const summary = useQuery([SUMMARY_KEY], (signal) => opsRewards.summary(signal), { staleTimeMs: 0 });
  const approvals = useQuery([APPROVALS_KEY], (signal) => opsRewards.approvals(signal), { staleTimeMs: 0 });
  const [by, setBy] = useState('');
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const ended = summary.error instanceof OpsApiError && summary.error.failure === 'unauthorized';
  useEffect(() => {
    if (ended) onSessionEnded();
  }, [ended, onSessionEnded]);

  const run: RunChange = async (action, done) => {
    if (!by.trim()) {
      setMessage({ text: '请先填写操作人', error: true });
      return false;
    }
    setBusy(true);
    setMessage(null);
    try {
      await action(by.trim());
      setMessage({ text: done, error: false });
      summary.refetch();
      return true;
    } catch (error) {
      setMessage({ text: error instanceof Error ? error.message : '操作失败', error: true });
      // Kept for approval: it is listed under 待审批.
      if (error instanceof OpsApiError && error.failure === 'awaiting-approval') approvals.refetch();
      return false;
    } finally {
      setBusy(false);
    }
  };

  const data = summary.data;
  return (
    <Page title="奖励管理" lead="抽奖奖品、卡券、新人礼与兑换码。每次修改都会记录操作人和时间。">
      <Card label="操作人与提交结果">
        <Field label="操作人" value={by} maxLength={64} onChange={(e) => setBy(e.target.value)} placeholder="您的名字，记入操作记录" />
        <div aria-live="polite">
          {busy ? (
            <p className="ops-rewards__muted">正在提交…</p>
          ) : message ? (
            <p className={message.error ? 'rewards__error' : 'ops-rewards__done'} role={message.error ? 'alert' : 'status'}>
              {message.text}
            </p>
          ) : null}
        </div>
      </Card>
      {data ? (
        <>
          <ApprovalsSection
            approvals={approvals.data?.approvals ?? []}
            me={me}
            onDecided={() => {
              approvals.refetch();
              summary.refetch();
            }}
          />
          <PrizesSection prizes={data.prizes} run={run} />
          <ItemsSection items={data.items} run={run} />
          <GiftSection key={JSON.stringify(data.gift)} gift={data.gift} items={data.items} run={run} />
          <BatchesSection batches={data.batches} items={data.items} run={run} />
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
