// The operators' console's pages (docs/operations.md "The console"): its own entry (ops.html, served for
// /ops and below by the server with its own CSP), never part of the consumer app's route table, so a
// person's first load carries no operators' code. Each page is a lazy chunk of its capability's feature
// folder; `role` is who sees it in the menu and may open it (every role views the others); a `public` page
// is opened without a session and is in no menu (an enrolment link's page: the operator has no credentials yet).
import type { ComponentType } from 'react';
import { OPS_ENROLMENT_PAGE, type OpsRole } from '@tyd/protocol/wire';

export interface ConsoleRoute {
  path: string;
  title: string;
  /** Only this role sees and opens the page; none: every signed-in operator. */
  role?: OpsRole;
  /** Opened without signing in, outside the menu. */
  public?: boolean;
  load: () => Promise<{ default: ComponentType }>;
}

export const CONSOLE_ROUTES: readonly ConsoleRoute[] = [
  { path: '/ops', title: '运营数据', load: () => import('../features/telemetry/pages/ops-page') },
  { path: '/ops/content', title: '内容管理', load: () => import('../features/content/pages/ops-content-page') },
  { path: '/ops/rewards', title: '奖励管理', load: () => import('../features/rewards/pages/ops-rewards-page') },
  { path: '/ops/help', title: '用户提问', load: () => import('../features/help/pages/ops-help-page') },
  { path: '/ops/users', title: '客服查询', role: 'customer_service', load: () => import('../features/support-desk/pages/ops-users-page') },
  { path: '/ops/operators', title: '账号与审计', role: 'administrator', load: () => import('../features/operators/pages/ops-operators-page') },
  { path: OPS_ENROLMENT_PAGE, title: '设置运营账号', public: true, load: () => import('../features/operators/pages/ops-enrolment-page') },
];

/** The console's route for a path, or undefined (the console's own "no such page"). */
export function matchConsoleRoute(path: string): ConsoleRoute | undefined {
  return CONSOLE_ROUTES.find((route) => route.path === path);
}

export const CONSOLE_TITLE = '通盈达运营后台';
