// /error500 (SPEC §2): where other pages send the user after a failure they cannot recover
// from. Retry goes back to the page named by `from` (same-origin path only), else reloads.
import { useRouter, useSearchParams } from '../../../lib/router-react';
import { ServerError } from '../components/server-error';

export function safeReturnPath(value: string | null): string | null {
  // Only same-origin absolute paths: never '//host' or 'https://…' (open redirect).
  return value && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\') ? value : null;
}

export default function Error500Page() {
  const router = useRouter();
  const from = safeReturnPath(useSearchParams().get('from'));
  return <ServerError onRetry={() => (from ? void router.navigate(from) : window.location.reload())} />;
}
