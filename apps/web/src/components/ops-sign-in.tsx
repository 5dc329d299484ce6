// The one sign-in of every /ops page (docs/operations.md "Operators"): name, password and the 6-digit code
// of the operator's authenticator app (RFC 6238), sent together, so nothing tells which of them was wrong.
// Nothing is kept in web storage: the session is an httpOnly cookie (lib/ops-api.ts). OperatorSession shows it
// until an operator is signed in, then provides the operator to the console's menu and pages.
import { useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { OperatorContext } from '../lib/operator-context';
import { useOpsSession, type OpsSession } from '../lib/use-ops-session';
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

/** Asks for the operator's session once; signed in, provides it (lib/operator-context.ts) to `children`. */
export function OperatorSession({ title, children }: { title: string; children: ReactNode }) {
  const session = useOpsSession();
  const { state, ended, signOut } = session;
  const signedIn = useMemo(() => (state.status === 'signed-in' ? { operator: state.operator, ended, signOut } : null), [state, ended, signOut]);
  if (signedIn) return <OperatorContext value={signedIn}>{children}</OperatorContext>;
  return (
    <Page title={title} className="ops-sign-in-page">
      {state.status === 'checking' ? (
        <p role="status" aria-busy="true">
          正在确认登录…
        </p>
      ) : (
        <OpsSignIn session={session} />
      )}
    </Page>
  );
}
