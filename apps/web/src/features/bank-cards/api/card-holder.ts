// POST /v1/user/certification-info (SPEC §7, docs/api.md "Identity certification"), as the bind page needs
// it: the verified holder's masked name (沙*户), shown as 持卡人 because binding checks the card against that
// identity (docs/api.md "Bank cards"). Read quietly under this feature's own key: the page says 实名认证的本人
// while it loads or when it fails, and the identity feature's cache stays its own (STYLE.md "Boundaries").
import { API } from '@tyd/protocol/wire';
import { call } from '../../../lib/api-client';
import { useQuery } from '../../../lib/server-state';

export function useCardHolderName(): string | null {
  const info = useQuery('bank-cards-holder', (signal) => call(API.certificationInfo, {}, { signal, toastErrors: false }), { staleTimeMs: 60_000 });
  return info.data?.state === 'verified' ? info.data.name : null;
}
