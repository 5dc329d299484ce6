// /error500 (SPEC §2): where other pages send the user after a failure they cannot recover from.
// Retry goes back to the page that failed: the one named by `from` (a same-origin path, checked by
// lib/safe-address.ts like every other address from outside), else the previous entry of this app,
// else home. It replaces this entry, so Back after a successful retry does not return to the 500.
import { useRouter, useSearchParams } from '../../../lib/router-react';
import { sameOriginPath } from '../../../lib/safe-address';
import { ServerError } from '../components/server-error';

export default function Error500Page() {
  const router = useRouter();
  const from = sameOriginPath(useSearchParams().get('from'), window.location.origin);
  const retry = () => {
    if (from !== null && !from.startsWith('/error500')) void router.navigate(from, { replace: true });
    else if (router.canGoBack()) router.back();
    else void router.navigate('/', { replace: true });
  };
  return <ServerError onRetry={retry} />;
}
