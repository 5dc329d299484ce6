// /mine/privacy (个人信息; PIPL art. 44–47, MIIT 信息通信服务感知提升行动 2021: a second-level menu of 我的):
// 已收集个人信息清单 and 与第三方共享个人信息清单 as the server makes them from this account's data and its
// configured providers, 导出我的个人信息 after an SMS code, and 撤回同意 with what it means said first. After
// a withdrawal the session is gone: the page says what happened and how to deregister.
import { useEffect, useState, useSyncExternalStore } from 'react';
import { Link } from '../../../components/link';
import { Card, Page } from '../../../components/page';
import { Tip } from '../../../components/tip';
import { clearSession, sessionStore } from '../../../lib/session';
import { usePersonalInfoList } from '../api/personal-info-list';
import { useThirdPartySharingList } from '../api/third-party-sharing-list';
import { CollectedList } from '../components/collected-list';
import { ExportCard } from '../components/export-card';
import { LoadFailed, Loading } from '../../../components/load-states';
import { SharingList } from '../components/sharing-list';
import { WithdrawConsentCard } from '../components/withdraw-consent-card';
import '../components/privacy.css';

/**
 * After a withdrawal: the server has ended every session, and this one ends here once the lists are gone
 * (an effect runs after this view is committed, and the lists' queries were unmounted with their view, which
 * aborts a read in flight). While a list's query is still mounted, the session's end makes it read again
 * without a session, and its 401 opens the login page instead of this one.
 */
function Withdrawn() {
  useEffect(() => clearSession(), []);
  return (
    <Page title="个人信息" lead="您已撤回同意，所有设备上的登录已退出。">
      <Card label="撤回同意">
        <p className="privacy-text">我们已记录您的撤回，并停止基于您的同意处理个人信息。再次登录时，需要重新阅读并同意《隐私政策》和《用户服务协议》。</p>
        <p className="privacy-text">如需删除账号和个人信息，请登录后注销账号。</p>
        <Link className="btn btn--primary btn--block" to={`/login?returnUrl=${encodeURIComponent('/mine/signOff')}`}>
          登录并注销账号
        </Link>
        <Link className="btn btn--text btn--block" to="/">
          返回首页
        </Link>
      </Card>
    </Page>
  );
}

export default function PrivacyPage() {
  const [withdrawn, setWithdrawn] = useState(false);
  return withdrawn ? <Withdrawn /> : <PrivacyOverview onWithdrawn={() => setWithdrawn(true)} />;
}

/** The lists, the export and the withdrawal: the view whose queries need the session. */
function PrivacyOverview({ onWithdrawn }: { onWithdrawn: () => void }) {
  const session = useSyncExternalStore(sessionStore.subscribe, sessionStore.get);
  const collected = usePersonalInfoList();
  const sharing = useThirdPartySharingList();

  return (
    <Page title="个人信息" lead="我们收集了您哪些信息、与谁共享，以及如何获取副本或撤回同意">
      <Card label="已收集个人信息清单">
        <h2 className="privacy-heading">已收集个人信息清单</h2>
        {collected.status === 'loading' ? (
          <Loading />
        ) : collected.data ? (
          <CollectedList items={collected.data.items} />
        ) : (
          <LoadFailed error={collected.error} onRetry={collected.refetch} />
        )}
      </Card>
      <Card label="与第三方共享个人信息清单">
        <h2 className="privacy-heading">与第三方共享个人信息清单</h2>
        {sharing.status === 'loading' ? (
          <Loading />
        ) : sharing.data ? (
          <SharingList items={sharing.data.items} />
        ) : (
          <LoadFailed error={sharing.error} onRetry={sharing.refetch} />
        )}
      </Card>
      <Card label="导出我的个人信息">
        <h2 className="privacy-heading">导出我的个人信息</h2>
        <ExportCard allowance={collected.data?.export} phone={session.phone} />
      </Card>
      <Card label="撤回同意">
        <h2 className="privacy-heading">撤回同意</h2>
        <WithdrawConsentCard onWithdrawn={onWithdrawn} />
      </Card>
      <Tip tone="info">如对个人信息的处理有疑问，可在“帮助与客服”联系我们。</Tip>
    </Page>
  );
}
