// Goes on after a login to where `returnUrl` asks, when that is safe (utils/return-url.ts), else the
// hub: a path through the router, an allowed partner address by a full page load. Both replace the
// current history entry, so Back does not return to a login page. The checks are loaded when needed,
// not with the page (80 KB first-load budget, issue 4).
import { useCallback } from 'react';
import { useRouter } from '../../../lib/router-react';
import type { ReturnTarget } from '../utils/return-url';

export const HUB_PATH = '/';

export function followTarget(target: ReturnTarget | null, navigate: (path: string) => unknown): void {
  if (target?.href) window.location.replace(target.href);
  else navigate(target?.path ?? HUB_PATH);
}

export function useFollowTarget(): (returnUrl: string | null) => void {
  const router = useRouter();
  return useCallback(
    (returnUrl: string | null) => {
      const go = (target: ReturnTarget | null) => followTarget(target, (path) => router.navigate(path, { replace: true }));
      import('../utils/return-url').then(
        ({ pageReturnTarget }) => go(pageReturnTarget(returnUrl)),
        // The check could not be loaded: the hub is always safe.
        () => go(null),
      );
    },
    [router],
  );
}
