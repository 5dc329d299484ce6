// 撤回同意 (PIPL art. 15): what it means is said before anything is done — the service cannot go on without
// the required consents, every device is signed out, the account and its data stay until deregistered — and
// deregistration is offered beside it. Confirmed, the withdrawal is recorded and the session cleared.
import { useState } from 'react';
import { Button } from '../../../components/button';
import { Dialog } from '../../../components/dialog';
import { Link } from '../../../components/link';
import { reportCallFailure } from '../../../lib/api-errors';
import { toast } from '../../../lib/notify';
import { withdrawConsent } from '../api/withdraw-consent';

export function WithdrawConsentCard({ onWithdrawn }: { onWithdrawn: () => void }) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  async function handleConfirm() {
    setConfirming(false);
    setBusy(true);
    let outcome;
    try {
      outcome = await withdrawConsent();
    } catch (error) {
      return reportCallFailure(error);
    } finally {
      setBusy(false);
    }
    if (outcome.withdrawn) {
      // The page shows 已撤回 and ends the session once that is on screen (privacy-page.tsx): ended first,
      // the lists would be read again without it, and their 401 would open the login page instead.
      onWithdrawn();
      return;
    }
    toast(outcome.answer.submsg || outcome.answer.msg, 'fail');
  }

  return (
    <>
      <p className="privacy-text">您可以撤回对《隐私政策》和《用户服务协议》的同意。撤回后我们将停止基于您的同意处理个人信息，但不影响撤回前已进行的处理。</p>
      <Button variant="secondary" block busy={busy} onClick={() => setConfirming(true)}>
        撤回同意
      </Button>
      <Dialog
        open={confirming}
        title="确定撤回同意？"
        onClose={() => setConfirming(false)}
        actions={
          <>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              取消
            </Button>
            <Button className="privacy-danger" onClick={() => void handleConfirm()}>
              确认撤回
            </Button>
          </>
        }
      >
        <ul className="privacy-consequences">
          <li>这些是使用本服务所必需的同意，撤回后您将无法继续使用通盈达的服务；</li>
          <li>所有设备上的登录将立即退出，再次登录时需重新同意；</li>
          <li>撤回不会删除您的账号和已保存的信息。如需删除，请改为注销账号。</li>
        </ul>
        <Link className="privacy-dialog-link" to="/mine/signOff">
          改为注销账号
        </Link>
      </Dialog>
    </>
  );
}
