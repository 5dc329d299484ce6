// The login page's consent: the two document links (from the `agreement` parameter when it is valid,
// else the server's current ones) and the version a new account accepts (privacy-policy). Everything
// here arrives after the form has rendered, by dynamic import, to keep /login's first load small
// (docs/architecture.md, first-load budget); until then the consent names the documents without links.
import { useEffect, useState } from 'react';
import { useQuery } from '../../../lib/server-state';
import type { PrivacyPolicyData } from '../api/privacy-policy';
import type { AgreementLinks } from '../utils/agreement-links';

export interface Agreement {
  links: AgreementLinks | null;
  /** privacy-policy's version; undefined until known. */
  version: string | undefined;
  /** The server said the shown version is outdated: fetch the documents again. */
  refetch: () => void;
}

export function useAgreement(param: string | null): Agreement {
  const query = useQuery<PrivacyPolicyData>('privacy-policy', (signal) => import('../api/privacy-policy').then(({ getPrivacyPolicy }) => getPrivacyPolicy(signal)));
  const policy = query.data;
  const [links, setLinks] = useState<AgreementLinks | null>(null);

  useEffect(() => {
    let current = true;
    import('../utils/agreement-links').then(
      ({ agreementLinks }) => current && setLinks(agreementLinks(param, policy)),
      (error: unknown) => console.warn('agreement links unavailable', error instanceof Error ? error.name : error),
    );
    return () => {
      current = false;
    };
  }, [param, policy]);

  return { links, version: policy?.version, refetch: query.refetch };
}
