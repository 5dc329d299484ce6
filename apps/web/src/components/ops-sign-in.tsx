// The one sign-in of every /ops page (docs/operations.md "Operators"): name, password and the 6-digit code
// of the operator's authenticator app (RFC 6238), sent together, so nothing tells which of them was wrong.
// Nothing is kept in web storage: the session is an httpOnly cookie (lib/ops-api.ts).
import { useState, type FormEvent, type ReactNode } from 'react';
import type { OpsSession } from '../lib/use-ops-session';
import { Button } from './button';
import { Field } from './field';
import { Card, Page } from './page';
import './ops-sign-in.css';

function OpsSignIn({ session }: { session: OpsSession }) {
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const error = session.state.status === 'signed-out' ? session.state.error : undefined;
  const complete = name.trim() !== '' && password !== '' && /^[0-9]{6}$/.test(code);
  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!complete || busy) return;
    setBusy(true);
    await session.signIn({ name: name.trim().toLowerCase(), password, code });
    setBusy(false);
    // A code is accepted once: the next try needs the next one.
    setCode('');
  }
  return (
    <Card>
      <form onSubmit={handleSubmit} className="ops-sign-in" aria-label="运营登录">
        <Field label="账号" autoComplete="username" value={name} onChange={(e) => setName(e.target.value)} />
        <Field label="密码" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
        <Field
          label="动态验证码"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={code}
          onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
          error={error}
        />
        <Button type="submit" block busy={busy} disabled={!complete}>
          登录
        </Button>
      </form>
    </Card>
  );
}

/** The page's content once an operator is signed in; the sign-in form (or a wait while the session is asked for) before. */
export function OpsSignedIn({ title, session, children }: { title: string; session: OpsSession; children: ReactNode }) {
  if (session.state.status === 'signed-in') return <>{children}</>;
  return (
    <Page title={title}>
      {session.state.status === 'checking' ? (
        <p role="status" aria-busy="true">
          正在确认登录…
        </p>
      ) : (
        <OpsSignIn session={session} />
      )}
    </Page>
  );
}
