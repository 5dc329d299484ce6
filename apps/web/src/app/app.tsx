// The app shell: router context, the current page, the toaster. Pages are loaded by the
// navigation guard before a navigation commits (app/navigation.ts), so the view renders the
// loaded page synchronously; a page that could not be loaded offline shows the offline view, one that
// could not be loaded otherwise or crashed shows the 500 view.
import { useEffect, useLayoutEffect, type ComponentType, type ReactNode } from 'react';
import { ErrorBoundary } from '../components/error-boundary';
import { Toaster } from '../components/toaster';
import { NetworkError } from '../features/errors/components/network-error';
import { ServerError } from '../features/errors/components/server-error';
import type { Router } from '../lib/router';
import { RouterContext, useLocation, useRouter } from '../lib/router-react';
import { loadedPage, pageFailure } from './page-loader';
import { matchRoute } from './route-table';

function reloadPage() {
  window.location.reload();
}

function PageHost({ page: Page }: { page: ComponentType }) {
  return <Page />;
}

function RouterView() {
  const router = useRouter();
  const location = useLocation();

  // SPEC §2: a new page starts at the top; back/forward returns to where the user was.
  useLayoutEffect(() => {
    if (!location) return;
    const saved = router.savedScroll();
    window.scrollTo(saved?.x ?? 0, saved?.y ?? 0);
  }, [router, location]);

  if (!location) return null;
  const route = matchRoute(location.path);
  const page = loadedPage(route);
  if (!page) {
    // Offline: try the same entry again in place (the guards load the chunk anew); else the 500 view.
    if (pageFailure(route) === 'offline') return <NetworkError key={location.key} onRetry={() => void router.navigate(location.fullPath, { replace: true })} />;
    return <ServerError onRetry={reloadPage} />;
  }
  return (
    <ErrorBoundary key={location.key} message="page crashed" fallback={<ServerError onRetry={reloadPage} />}>
      <PageHost page={page} />
    </ErrorBoundary>
  );
}

/**
 * `overlay`: app-wide layers loaded after the first render (main.tsx), e.g. the consent-renewal dialog.
 * `onMounted`: called once the first render is on the page (for a prerendered page: hydrated).
 */
export function App({ router, overlay, onMounted }: { router: Router; overlay?: ReactNode; onMounted?: () => void }) {
  useEffect(() => onMounted?.(), [onMounted]);
  return (
    <RouterContext value={router}>
      <RouterView />
      {overlay}
      <Toaster />
    </RouterContext>
  );
}
