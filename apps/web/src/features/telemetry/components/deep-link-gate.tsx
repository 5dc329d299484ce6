// Deep links (SPEC §7; docs/telemetry.md "Deep links"): the default page `/` may be opened as `/?dl=<key>`. Instead of its
// content it then shows a short "opening" state while the key is looked up, and replaces itself by the
// page the key names, or by itself without the key when the lookup fails (resolve-deep-link.ts).
// Only `/` carries this code, so no other route's first load pays for it.
import { useEffect, type ReactNode } from 'react';
import { Page } from '../../../components/page';
import { useLocation, useRouter } from '../../../lib/router-react';
import { DEEP_LINK_PARAM, resolveDeepLink } from '../deep-link/resolve-deep-link';

export function DeepLinkGate({ title, children }: { title: string; children: ReactNode }) {
  const router = useRouter();
  const location = useLocation();
  const search = location?.search ?? '';
  const key = new URLSearchParams(search).get(DEEP_LINK_PARAM);

  useEffect(() => {
    if (key === null) return;
    let live = true;
    void resolveDeepLink(key, search).then((target) => {
      if (live) void router.navigate(target, { replace: true });
    });
    return () => {
      live = false;
    };
  }, [router, key, search]);

  if (key === null) return children;
  return (
    <Page title={title}>
      <p className="page__lead" role="status" aria-busy="true">
        正在打开…
      </p>
    </Page>
  );
}
