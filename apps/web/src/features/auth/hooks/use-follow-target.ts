// Goes on to a checked target (utils/return-url.ts) after a login: a path through the router, an
// allowed partner address by a full page load. Both replace the current history entry, so Back does
// not return to a login page that would now only say "already logged in".
import { useCallback } from 'react';
import { useRouter } from '../../../lib/router-react';
import type { ReturnTarget } from '../utils/return-url';

export const HUB_PATH = '/';

export function useFollowTarget(): (target: ReturnTarget | null) => void {
  const router = useRouter();
  return useCallback(
    (target: ReturnTarget | null) => {
      if (target?.href) window.location.replace(target.href);
      else void router.navigate(target?.path ?? HUB_PATH, { replace: true });
    },
    [router],
  );
}
