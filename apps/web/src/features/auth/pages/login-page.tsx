// /login (SPEC §2, §4, §7): SMS verification-code login, which also registers a new number.
// Query parameters: title (the heading), pageTitle (the document title, set by the app's navigation),
// returnUrl (followed after login only when safe, utils/return-url.ts), agreement (two document links,
// else the server's current ones), inviteCode (sent with the login; a malformed one is dropped by api/login.ts). A visitor who is already logged in is told so, and can go on or
// log out to use another number. An invite link's visitor (a well-formed inviteCode) first sees who
// invited them and what both get (components/invite-landing.tsx, loaded only then: the page's first load
// stays within its budget); inside the app /login is the app's own login, so the landing is the browser's.
import { lazy, Suspense, useCallback, useState } from 'react';
import { CODE, CODE_TEXT, SUBCODE, readInviteCode } from '@tyd/protocol/wire';
import { Link } from '../../../components/link';
import { Page } from '../../../components/page';
import { Tip } from '../../../components/tip';
import { TrustFooter } from '../../../components/trust-footer';
import { useRouter, useSearchParams } from '../../../lib/router-react';
import { useSession } from '../../../lib/session';
import { LoginForm } from '../components/login-form';
import { useAgreement } from '../hooks/use-agreement';
import { followReturnUrl, LOGIN_PATH } from '../utils/return-url';
import './login-page.css';

// Only visitors who already have a session see it: not in the page's first load.
const AlreadyLoggedIn = lazy(() => import('../components/already-logged-in'));
// Only invite links' visitors see it.
const InviteLanding = lazy(() => import('../components/invite-landing'));

export const DEFAULT_HEADING = '验证码登录';
/** A heading from a link fits two lines of a phone screen. */
const MAX_HEADING = 24;

function headingFrom(param: string | null): string {
  const text = param?.replace(/\s+/g, ' ').trim();
  return text ? text.slice(0, MAX_HEADING) : DEFAULT_HEADING;
}

export default function LoginPage() {
  const params = useSearchParams();
  // Unknown (null) only in the build-time prerender and its hydration: the form, as most visitors here see it.
  const session = useSession();
  const agreement = useAgreement(params.get('agreement'));
  const router = useRouter();
  const [loggedInHere, setLoggedInHere] = useState(false);
  const inviteCode = readInviteCode(params.get('inviteCode'));
  // Where to go once logged in is read from the address when it happens, so the form (memoised) is not
  // rendered again when only the address changes: right after hydration, the prerender's address (no
  // query) becomes the real one, e.g. ?returnUrl= on every page that sent the visitor here. A visitor who
  // left this page while the login was on its way stays where they went.
  const followTarget = useCallback(() => {
    if (router.current?.path !== LOGIN_PATH) return;
    followReturnUrl(new URLSearchParams(router.current.search).get('returnUrl'), router);
  }, [router]);
  const handleLoggedIn = useCallback(() => {
    setLoggedInHere(true);
    followTarget();
  }, [followTarget]);

  return (
    <Page title={headingFrom(params.get('title'))} lead="未注册的手机号验证后将自动创建账户">
      {loggedInHere ? (
        <p className="login__who" role="status">
          登录成功，正在跳转…
        </p>
      ) : session?.accessToken ? (
        <Suspense fallback={null}>
          <AlreadyLoggedIn phone={session.phone} onContinue={followTarget} />
        </Suspense>
      ) : (
        <>
          {/* The session this browser held was refused (SPEC §4 code 401): say why the login page opened. */}
          {session?.ended ? <Tip>{CODE_TEXT[session.signedOutElsewhere ? SUBCODE.SIGNED_OUT_ELSEWHERE : CODE.UNAUTHORIZED]}</Tip> : null}
          {inviteCode ? (
            <Suspense fallback={null}>
              <InviteLanding inviteCode={inviteCode} />
            </Suspense>
          ) : null}
          <LoginForm
            inviteCode={params.get('inviteCode')}
            links={agreement.links}
            agreementVersion={agreement.version}
            onAgreementOutdated={agreement.refetch}
            onLoggedIn={handleLoggedIn}
          />
        </>
      )}
      <Link className="btn btn--text login__home" to="/">
        返回首页
      </Link>
      <TrustFooter />
    </Page>
  );
}
