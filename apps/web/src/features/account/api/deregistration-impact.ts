// POST /v1/user/deregistration-impact (docs/api.md "Personal information"; PIPL art. 47): what this account
// would lose if deregistered now (points, usable vouchers, bound cards, unanswered questions, a verified
// identity), for /mine/signOff to list before the person confirms. Read fresh each time the page opens; its
// failure is said on the page, not toasted, and never stops deregistration.
import { API, type RefResponse } from '@tyd/protocol/wire';
import { call } from '../../../lib/api-client';
import { useQuery } from '../../../lib/server-state';

export type DeregistrationImpact = RefResponse<typeof API.deregistrationImpact>;

/** `enabled` false while there is no session: the page stays up after deregistration clears it. */
export function useDeregistrationImpact(enabled: boolean) {
  return useQuery(enabled ? 'deregistration-impact' : null, (signal) => call(API.deregistrationImpact, {}, { signal, inlineErrors: true }), {
    staleTimeMs: 0,
  });
}
