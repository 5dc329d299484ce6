// The login page's consent: the two document links (from the `agreement` parameter when it is valid,
// else the server's current ones) and the version a new account accepts (privacy-policy). Everything
// here arrives after the form has rendered, by dynamic import: /login's first load has no room for it
// (80 KB gzip budget, issue 4); until then the consent names the documents without links.
import { useCallback, useEffect, useState } from 'react';
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
  const [policy, setPolicy] = useState<PrivacyPolicyData>();
  const [links, setLinks] = useState<AgreementLinks | null>(null);
  const [round, setRound] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    import('../api/privacy-policy')
      .then(({ getPrivacyPolicy }) => getPrivacyPolicy(controller.signal))
      .then(setPolicy, (error: unknown) => {
        if (!controller.signal.aborted) console.warn('privacy-policy unavailable', error instanceof Error ? error.name : error);
      });
    return () => controller.abort();
  }, [round]);

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

  const refetch = useCallback(() => setRound((n) => n + 1), []);
  return { links, version: policy?.version, refetch };
}
