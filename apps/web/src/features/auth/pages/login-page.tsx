// /login (SPEC §2, §4, §7; issue 5): SMS verification-code login, which also registers a new number.
// Query parameters: title (the heading), pageTitle (the document title, set by the app's navigation),
// returnUrl (followed after login only when safe, utils/return-url.ts), agreement (two document links,
// else the server's current ones). A visitor who is already logged in is told so, and can go on or
// log out to use another number.
import { useState, useSyncExternalStore } from 'react';
import { Button } from '../../../components/button';
import { Link } from '../../../components/link';
import { Card, Page } from '../../../components/page';
import { useSearchParams } from '../../../lib/router-react';
import { sessionStore } from '../../../lib/session';
import { useCheckLogin } from '../api/check-login';
import { logout } from '../api/logout';
import { usePrivacyPolicy, type PrivacyPolicyData } from '../api/privacy-policy';
import { LoginForm } from '../components/login-form';
import { useFollowTarget } from '../hooks/use-follow-target';
import { parseAgreementParam, type AgreementLink } from '../utils/agreement-links';
import { allowedReturnOrigins, pageReturnTarget, type ReturnTarget } from '../utils/return-url';
import './login-page.css';

export const DEFAULT_HEADING = '验证码登录';
/** A heading from a link fits two lines of a phone screen. */
const MAX_HEADING = 24;

function headingFrom(param: string | null): string {
  const text = param?.replace(/\s+/g, ' ').trim();
  return text ? text.slice(0, MAX_HEADING) : DEFAULT_HEADING;
}

/** The server's documents as links; only https or same-site addresses are shown as links. */
function serverLinks(policy: PrivacyPolicyData | undefined): [AgreementLink, AgreementLink] | null {
  if (!policy) return null;
  const toLink = (doc: PrivacyPolicyData['privacyPolicy']): AgreementLink | null => {
    try {
      const url = new URL(doc.url, window.location.origin);
      const ok = url.protocol === 'https:' || url.origin === window.location.origin;
      return ok && doc.title ? { title: doc.title.replace(/^《|》$/g, ''), href: url.origin === window.location.origin ? url.pathname + url.search + url.hash : url.href } : null;
    } catch {
      return null;
    }
  };
  const privacy = toLink(policy.privacyPolicy);
  const agreement = toLink(policy.serviceAgreement);
  return privacy && agreement ? [privacy, agreement] : null;
}

function AlreadyLoggedIn({ phone, onContinue }: { phone: string | null; onContinue: () => void }) {
  const check = useCheckLogin(true);
  const [leaving, setLeaving] = useState(false);
  return (
    <Card label="当前账号">
      <p className="login__who" aria-busy={check.status === 'loading'}>
        {check.status === 'loading' ? '正在确认登录状态…' : `您已登录：${phone ?? '当前账号'}`}
      </p>
      <div className="login__actions">
        <Button block onClick={onContinue} disabled={check.status === 'loading'}>
          继续
        </Button>
        <Button
          block
          variant="secondary"
          busy={leaving}
          onClick={async () => {
            setLeaving(true);
            await logout();
            setLeaving(false);
          }}
        >
          退出登录，使用其他手机号
        </Button>
      </div>
    </Card>
  );
}

export default function LoginPage() {
  const params = useSearchParams();
  const session = useSyncExternalStore(sessionStore.subscribe, sessionStore.get);
  const policy = usePrivacyPolicy();
  const followTarget = useFollowTarget();
  const [loggedInHere, setLoggedInHere] = useState(false);

  const target: ReturnTarget | null = pageReturnTarget(params.get('returnUrl'));
  const links = parseAgreementParam(params.get('agreement'), window.location.origin, allowedReturnOrigins()) ?? serverLinks(policy.data);

  function handleLoggedIn() {
    setLoggedInHere(true);
    followTarget(target);
  }

  return (
    <Page title={headingFrom(params.get('title'))} lead="未注册的手机号验证后将自动创建账户">
      {loggedInHere ? (
        <p className="login__who" role="status">
          登录成功，正在跳转…
        </p>
      ) : session.accessToken ? (
        <AlreadyLoggedIn phone={session.phone} onContinue={() => followTarget(target)} />
      ) : (
        <LoginForm links={links} agreementVersion={policy.data?.version} onAgreementOutdated={policy.refetch} onLoggedIn={handleLoggedIn} />
      )}
      <Link className="btn btn--text login__home" to="/">
        返回首页
      </Link>
    </Page>
  );
}
