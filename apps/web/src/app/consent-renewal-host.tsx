// Composes auth's consent-renewal dialog (docs/api.md "Consent") into the app. main.tsx loads this module as a lazy
// chunk once the first page is up and a session exists, so no route's first load carries it. The
// dialog never shows on login, authorised login or deregistration: a user who does not accept the new
// terms must always be able to sign in again or deregister. Those are also the only routes that need a
// session, so after a refusal the user can stay where they are, logged out.
import ConsentRenewal from '../features/auth/components/consent-renewal';
import { useLocation } from '../lib/router-react';
import { matchRoute } from './route-table';

/** Route names (route-table.ts) where the dialog must not appear. */
export const CONSENT_RENEWAL_EXCLUDED: readonly string[] = ['login', 'tydPreJump', 'signOff'];

export function ConsentRenewalHost() {
  const location = useLocation();
  const active = location !== null && !CONSENT_RENEWAL_EXCLUDED.includes(matchRoute(location.path).name);
  return <ConsentRenewal active={active} />;
}
