// The admin token form of the /ops pages (docs/operations.md): the token the server was started with
// (TYD_ADMIN_TOKEN), kept for this tab only by lib/ops-api.ts. `error` says why the last one was refused.
import { useState, type FormEvent } from 'react';
import { Button } from './button';
import { Field } from './field';
import { Card } from './page';
import './ops-token-form.css';

export function OpsTokenForm({ onSubmit, error }: { onSubmit: (token: string) => void; error?: string }) {
  const [token, setToken] = useState('');
  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (token.trim()) onSubmit(token.trim());
  }
  return (
    <Card>
      <form onSubmit={handleSubmit} className="ops-token-form">
        <Field label="管理令牌" type="password" autoComplete="off" value={token} onChange={(e) => setToken(e.target.value)} error={error} />
        <Button type="submit" block disabled={!token.trim()}>
          进入
        </Button>
      </form>
    </Card>
  );
}
