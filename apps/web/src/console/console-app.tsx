// The console's frame: one sign-in for all its pages (components/ops-sign-in.tsx), then the menu of the pages
// the operator's role may open, who is signed in, 退出, and the current page, which reads the operator from
// lib/operator-context.ts. A page of another role, or no such page, says so instead of loading. A public page
// (an enrolment link's) is shown without either: its operator has no credentials yet.
import type { ComponentType } from 'react';
import { OPS_ROLE_TEXT } from '@tyd/protocol/wire';
import { ErrorBoundary } from '../components/error-boundary';
import { OperatorSession } from '../components/ops-sign-in';
import { Button } from '../components/button';
import { Link } from '../components/link';
import { Card, Page } from '../components/page';
import { Toaster } from '../components/toaster';
import { useOperator } from '../lib/operator-context';
import type { Router } from '../lib/router';
import { RouterContext, useLocation } from '../lib/router-react';
import { CONSOLE_ROUTES, CONSOLE_TITLE, matchConsoleRoute, type ConsoleRoute } from './console-routes';

const loaded = new Map<string, ComponentType>();
const failed = new Set<string>();

/** Loads a page's chunk before its navigation commits; a failure is shown by the view with a reload. */
export async function loadConsolePage(route: ConsoleRoute | undefined): Promise<void> {
  if (!route || loaded.has(route.path)) return;
  try {
    loaded.set(route.path, (await route.load()).default);
    failed.delete(route.path);
  } catch (error) {
    console.error('console page chunk failed', route.path, error);
    failed.add(route.path);
  }
}

function Notice({ title, text, reload }: { title: string; text: string; reload?: boolean }) {
  return (
    <Page title={title}>
      <Card>
        <p role="alert">{text}</p>
        {reload ? (
          <Button variant="secondary" onClick={() => window.location.reload()}>
            刷新
          </Button>
        ) : null}
      </Card>
    </Page>
  );
}

function PageHost({ page: ConsolePage }: { page: ComponentType }) {
  return <ConsolePage />;
}

/** The route's page once its chunk is loaded, or what to say meanwhile. */
function RoutePage({ route, locationKey }: { route: ConsoleRoute; locationKey: string }) {
  const page = loaded.get(route.path);
  if (!page) return <Notice title={route.title} text={failed.has(route.path) ? '页面加载失败，请刷新后重试。' : '正在加载…'} reload={failed.has(route.path)} />;
  return (
    // A page that throws says so under the menu instead of taking the menu down with it.
    <ErrorBoundary key={locationKey} message="console page crashed" fallback={<Notice title="页面出错" text="页面出错了，请刷新后重试。" reload />}>
      <PageHost page={page} />
    </ErrorBoundary>
  );
}

function ConsoleView() {
  const { operator } = useOperator();
  const location = useLocation();
  if (!location) return null;
  const route = matchConsoleRoute(location.path);
  if (!route || route.public) return <Notice title="页面不存在" text="运营后台没有这个页面，请从上方菜单进入。" />;
  if (route.role && route.role !== operator.role) return <Notice title={route.title} text={`仅${OPS_ROLE_TEXT[route.role]}可以使用此页面。`} />;
  return <RoutePage route={route} locationKey={location.key} />;
}

/** A public page (an enrolment link's) without the sign-in and the menu; every other address signs in first. */
function ConsoleFrame() {
  const location = useLocation();
  const route = location ? matchConsoleRoute(location.path) : undefined;
  if (location && route?.public) return <RoutePage route={route} locationKey={location.key} />;
  return (
    <OperatorSession title={CONSOLE_TITLE}>
      <ConsoleMenu />
      <ConsoleView />
    </OperatorSession>
  );
}

function ConsoleMenu() {
  const location = useLocation();
  const { operator, signOut } = useOperator();
  return (
    <header className="console-bar">
      <nav className="console-bar__menu" aria-label="运营后台">
        {CONSOLE_ROUTES.filter((route) => !route.public && (!route.role || route.role === operator.role)).map((route) => (
          <Link key={route.path} to={route.path} className="console-bar__link" aria-current={location?.path === route.path ? 'page' : undefined}>
            {route.title}
          </Link>
        ))}
      </nav>
      <p className="console-bar__who">
        <span>
          {operator.name}（{OPS_ROLE_TEXT[operator.role]}）
        </span>
        <Button variant="text" onClick={() => void signOut()}>
          退出
        </Button>
      </p>
    </header>
  );
}

export function ConsoleApp({ router }: { router: Router }) {
  return (
    <RouterContext value={router}>
      <ConsoleFrame />
      <Toaster />
    </RouterContext>
  );
}
