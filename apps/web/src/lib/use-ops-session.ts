// One way into every /ops page: the operator's session (lib/ops-api.ts), asked for once when the page
// loads, signed in with name, password and TOTP code, ended by 退出 or when the server says it ended.
import type { OpsOperator } from '@tyd/protocol/schemas';
import { useCallback, useEffect, useState } from 'react';
import { OpsApiError, opsSession } from './ops-api';
import { clearQueries } from './server-state';

export type OpsSessionState = { status: 'checking' } | { status: 'signed-out'; error?: string } | { status: 'signed-in'; operator: OpsOperator };

export interface OpsSession {
  state: OpsSessionState;
  signIn(credentials: { name: string; password: string; code: string }): Promise<void>;
  signOut(): Promise<void>;
  /** The server answered 401 to a call: back to the sign-in form, saying why. */
  ended(): void;
}

export function useOpsSession(): OpsSession {
  const [state, setState] = useState<OpsSessionState>({ status: 'checking' });
  useEffect(() => {
    const controller = new AbortController();
    opsSession.current(controller.signal).then(
      (operator) => setState({ status: 'signed-in', operator }),
      (error: unknown) => {
        if (!controller.signal.aborted)
          setState({ status: 'signed-out', ...(error instanceof OpsApiError && error.failure !== 'unauthorized' && { error: error.message }) });
      },
    );
    return () => controller.abort();
  }, []);
  const signIn = useCallback(async (credentials: { name: string; password: string; code: string }) => {
    try {
      setState({ status: 'signed-in', operator: await opsSession.signIn(credentials) });
    } catch (error) {
      setState({ status: 'signed-out', error: error instanceof Error ? error.message : '登录失败' });
    }
  }, []);
  // Whatever was read in a session (and a refusal it ended with) is not shown in the next one.
  const signOut = useCallback(async () => {
    await opsSession.signOut();
    clearQueries();
    setState({ status: 'signed-out' });
  }, []);
  const ended = useCallback(() => {
    clearQueries();
    setState({ status: 'signed-out', error: '登录已失效，请重新登录' });
  }, []);
  return { state, signIn, signOut, ended };
}
