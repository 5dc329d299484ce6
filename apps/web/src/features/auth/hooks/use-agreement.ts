// The login page's consent: the two document links (from the `agreement` parameter when it is valid,
// else the server's current ones) and the version a new account accepts (privacy-policy). Until the
// server's documents arrived the consent names them without links.
import { useMemo } from 'react';
import { useQuery } from '../../../lib/server-state';
import { getPrivacyPolicy, type PrivacyPolicyData } from '../api/privacy-policy';
import { agreementLinks, type AgreementLinks } from '../utils/agreement-links';

export interface Agreement {
  links: AgreementLinks | null;
  /** privacy-policy's version; undefined until known. */
  version: string | undefined;
  /** The server said the shown version is outdated: fetch the documents again. */
  refetch: () => void;
}

export function useAgreement(param: string | null): Agreement {
  const query = useQuery<PrivacyPolicyData>('privacy-policy', getPrivacyPolicy);
  const policy = query.data;
  const links = useMemo(() => agreementLinks(param, policy), [param, policy]);

  return { links, version: policy?.version, refetch: query.refetch };
}
