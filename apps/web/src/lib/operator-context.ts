// The signed-in operator, for every page of the operators' console (components/ops-sign-in.tsx signs in
// once and provides it): who they are, their role, and what a page does when the server says the session
// ended. Pages show only what the role may do (docs/operations.md "Roles"); the server decides regardless.
import type { OpsOperator } from '@tyd/protocol/schemas';
import type { OpsRole } from '@tyd/protocol/wire';
import { createContext, useContext, useEffect } from 'react';
import { OpsApiError } from './ops-api';

export interface SignedInOperator {
  operator: OpsOperator;
  /** The server answered 401 to a call: back to the sign-in form, saying why. */
  ended(): void;
  /** 退出: ends the session on the server, forgets what was read in it. */
  signOut(): Promise<void>;
}

export const OperatorContext = createContext<SignedInOperator | null>(null);

export function useOperator(): SignedInOperator {
  const value = useContext(OperatorContext);
  if (!value) throw new Error('useOperator outside the operators’ console');
  return value;
}

/**
 * Whether any of `errors` (a page's queries' errors) says the server ended the session (401); if so, the
 * console goes back to its sign-in form, saying why.
 */
export function useEndsSession(...errors: unknown[]): boolean {
  const { ended } = useOperator();
  const sessionEnded = errors.some((error) => error instanceof OpsApiError && error.failure === 'unauthorized');
  useEffect(() => {
    if (sessionEnded) ended();
  }, [sessionEnded, ended]);
  return sessionEnded;
}

/** How each role is named to operators. */

/**
 * Whether the operator's role may make `role`'s changes. Every role views (the server's `viewer` access);
 * each other capability is its role's only, the administrator's included (apps/server operators-module.ts).
 */
export function mayChange(operator: OpsOperator, role: Exclude<OpsRole, 'viewer'>): boolean {
  return operator.role === role;
}
