// /others/tydPreJump (SPEC §2; docs/api.md): authorised login. The native app or a partner page hands over a
// short-lived one-time code (`code`); the page trades it for a session (authorized-login), stores it
// (SPEC §4) and goes on to `returnUrl` when that is safe (same rules as login), else the hub. An
// expired, used, forged or missing code gets a page that says so and offers a way forward; it never
// sends the user round in a loop, and never presents a code twice by itself (a second use revokes the
// session the first gave, RFC 6749 §4.1.2).
import { useEffect, useState } from 'react';
import { CODE, SUBCODE } from '@tyd/protocol/wire';
import { Button } from '../../../components/button';
import { Link } from '../../../components/link';
import { Card, Page } from '../../../components/page';
import { userMessage } from '../../../lib/api-errors';
import { useClientEnv } from '../../../lib/env';
import { useRouter, useSearchParams } from '../../../lib/router-react';
import { loginWithAuthCode } from '../api/authorized-login';
import { LOGIN_PATH, followReturnUrl, pageReturnTarget, type ReturnTarget } from '../utils/return-url';
import './authorized-login-page.css';

/** The shape the server issues (32 random bytes, base64url); anything else cannot be a code. */
const AUTH_CODE = /^[A-Za-z0-9_-]{16,128}$/;
export const INVALID_LINK = '授权链接无效，请返回重新授权';

/** `frozen`: customer service froze the account (4218): no link or code login helps until it is unfrozen. */
type Failure = { message: string; retry: boolean; frozen?: boolean };

function loginLink(target: ReturnTarget | null): string {
  const back = target?.path ?? target?.href;
  return back ? `${LOGIN_PATH}?returnUrl=${encodeURIComponent(back)}` : LOGIN_PATH;
}

function Failed({ failure, target, onRetry }: { failure: Failure; target: ReturnTarget | null; onRetry: () => void }) {
  // Inside the app the login is the app's (SPEC §4; app/app-login.ts), not an SMS code form of this page.
  const { inApp } = useClientEnv();
  return (
    <>
      <Card label="授权结果">
        <div className="pre-jump__result">
          <svg className="pre-jump__icon" viewBox="0 0 48 48" aria-hidden="true">
            <circle cx="24" cy="24" r="22" fill="currentColor" />
            <path d="M24 13v14" stroke="#fff" strokeWidth="4" strokeLinecap="round" />
            <circle cx="24" cy="34" r="2.6" fill="#fff" />
          </svg>
          <h2 className="pre-jump__title">授权登录未成功</h2>
          <p className="pre-jump__message" role="alert">
            {failure.message}
          </p>
          <p className="pre-jump__hint">
            {failure.frozen
              ? '账号冻结期间无法登录，请联系客服处理。'
              : inApp
                ? '授权链接只能使用一次，并在几分钟内有效。您可以回到原页面重新授权，或重新登录。'
                : '授权链接只能使用一次，并在几分钟内有效。您可以回到原页面重新授权，或用手机验证码登录。'}
          </p>
        </div>
      </Card>
      <div className="pre-jump__actions">
        {failure.retry ? (
          <Button block onClick={onRetry}>
            重试
          </Button>
        ) : null}
        {failure.frozen ? null : (
          <Link className={`btn btn--block ${failure.retry ? 'btn--secondary' : 'btn--primary'}`} to={loginLink(target)} replace>
            {inApp ? '前往登录' : '使用验证码登录'}
          </Link>
        )}
        <Link className="btn btn--text pre-jump__home" to="/" replace>
          返回首页
        </Link>
      </div>
    </>
  );
}

export default function AuthorizedLoginPage() {
  const params = useSearchParams();
  const code = params.get('code');
  const returnUrl = params.get('returnUrl');
  const target = pageReturnTarget(returnUrl);
  const router = useRouter();
  const [failure, setFailure] = useState<Failure | null>(null);
  const [attempt, setAttempt] = useState(0);
  const wellFormed = code !== null && AUTH_CODE.test(code);

  useEffect(() => {
    if (!wellFormed) return;
    let current = true;
    loginWithAuthCode(code).then(
      (response) => {
        if (!current) return;
        if (response.code === CODE.OK) followReturnUrl(returnUrl, router);
        else setFailure({ message: response.submsg || response.msg, retry: false, frozen: response.subcode === SUBCODE.ACCOUNT_FROZEN });
      },
      (error: unknown) => current && setFailure({ message: userMessage(error), retry: true }),
    );
    return () => {
      current = false;
    };
    // `returnUrl` comes from the address, like `code`; a new attempt is asked for by `attempt`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [code, wellFormed, attempt]);

  const shown = wellFormed ? failure : { message: INVALID_LINK, retry: false };
  return (
    <Page title="授权登录">
      {shown ? (
        <Failed
          failure={shown}
          target={target}
          onRetry={() => {
            setFailure(null);
            setAttempt((n) => n + 1);
          }}
        />
      ) : (
        <p className="pre-jump__working" role="status" aria-busy="true">
          <span className="pre-jump__spinner" aria-hidden="true" />
          正在登录，请稍候…
        </p>
      )}
    </Page>
  );
}
