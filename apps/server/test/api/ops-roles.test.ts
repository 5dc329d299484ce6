// Every /ops/api route × every role, and no session (docs/operations.md "Roles"), held to a matrix written
// here by hand from the roles table of docs/operations.md: a route whose own declaration is wrong (a
// rewards change open to every role, say) fails against it, as does a route added without a row here. The
// registered routes are also held to the protocol's list of operators' calls, so none is left out of the walk.
import * as schemas from '@tyd/protocol/schemas';
import { OPS_ROLES, type OpsRole } from '@tyd/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpsAccess } from '../../src/http/ops-guard.js';
import { opsFetch, signedInOperator, type OpsClient } from '../support/operators.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { ENGINES } from '../support/test-databases.js';

/**
 * Who may call what, by hand: `public` anyone, `viewer` every signed-in role, another role only itself.
 * Approving, rejecting, withdrawing and taking a result pass the guard for every role: the approvals service
 * decides (same role as the request, not its maker; the maker only), which ops-approvals.test.ts attacks.
 */
const EXPECTED: Record<string, OpsAccess> = {
  'POST /ops/api/session': 'public',
  // An enrolment link's own calls: its token is the proof (docs/api.md "Operators").
  'POST /ops/api/enrolment': 'public',
  'POST /ops/api/enrolment/finish': 'public',
  'GET /ops/api/session': 'viewer',
  'POST /ops/api/session/sign-out': 'viewer',
  'GET /ops/api/summary': 'viewer',
  'GET /ops/api/content': 'viewer',
  'GET /ops/api/content/:id': 'viewer',
  'POST /ops/api/content': 'content_editor',
  'PUT /ops/api/content/:id': 'content_editor',
  'POST /ops/api/content/preview': 'content_editor',
  'POST /ops/api/content/:id/publish': 'content_editor',
  'POST /ops/api/content/:id/unpublish': 'content_editor',
  'GET /ops/api/help/questions': 'viewer',
  'POST /ops/api/help/questions/:id/answer': 'content_editor',
  'GET /ops/api/rewards': 'viewer',
  'POST /ops/api/rewards/prizes/:id': 'rewards_manager',
  'POST /ops/api/rewards/items': 'rewards_manager',
  'POST /ops/api/rewards/items/:id': 'rewards_manager',
  'POST /ops/api/rewards/batches': 'rewards_manager',
  'POST /ops/api/rewards/batches/:id/revoke': 'rewards_manager',
  'PUT /ops/api/rewards/gift': 'rewards_manager',
  'POST /ops/api/rewards/grants': 'rewards_manager',
  'GET /ops/api/approvals': 'viewer',
  'POST /ops/api/approvals/:id/approve': 'viewer',
  'POST /ops/api/approvals/:id/reject': 'viewer',
  'POST /ops/api/approvals/:id/withdraw': 'viewer',
  'POST /ops/api/approvals/:id/result': 'viewer',
  'GET /ops/api/operators': 'administrator',
  'POST /ops/api/operators': 'administrator',
  'POST /ops/api/operators/:id/disable': 'administrator',
  'POST /ops/api/operators/:id/reset': 'administrator',
  'GET /ops/api/audit': 'administrator',
  'GET /ops/api/outbox/dead': 'viewer',
  'POST /ops/api/outbox/dead/:id/retry': 'administrator',
  'POST /ops/api/outbox/dead/:id/discard': 'administrator',
  'POST /ops/api/users/lookup': 'customer_service',
  'POST /ops/api/users/:id/end-sessions': 'customer_service',
  'POST /ops/api/users/:id/freeze': 'customer_service',
  'POST /ops/api/users/:id/unfreeze': 'customer_service',
};

const allowed = (access: OpsAccess, role: OpsRole) => access === 'public' || access === 'viewer' || access === role;

describe.each(ENGINES)('the /ops role matrix on %s', (engine) => {
  let t: TestApp;
  const clients = new Map<OpsRole, OpsClient>();
  beforeAll(async () => {
    t = await startTestApp({ engine });
    for (const role of OPS_ROLES) clients.set(role, await signedInOperator(t, role));
  });
  afterAll(async () => {
    await t?.close();
  });

  it("registers exactly the protocol's operators' calls, each with a declared access", () => {
    const protocolCalls = Object.values(schemas as Record<string, unknown>)
      .filter((value): value is { method: string; path: string } => typeof value === 'object' && value !== null && 'method' in value && 'path' in value)
      .filter((endpoint) => endpoint.path.startsWith('/ops/api'))
      .map((endpoint) => `${endpoint.method} ${endpoint.path}`);
    const registered = t.app.operators.routes.filter((r) => r.method !== 'HEAD').map((r) => `${r.method} ${r.url}`);
    expect(new Set(registered)).toEqual(new Set(protocolCalls));
    expect(registered.length).toBe(protocolCalls.length);
    // Every route is in the hand-written matrix, and no row of it is left without a route.
    expect(new Set(registered)).toEqual(new Set(Object.keys(EXPECTED)));
  });

  it('lets each role through exactly the routes it may call, and nobody without a session but to sign in', async () => {
    // Signing out ends the session the rest of the walk uses: it goes last.
    const routes = [...t.app.operators.routes.filter((r) => r.method !== 'HEAD')].sort(
      (a, b) => Number(a.url.endsWith('/sign-out')) - Number(b.url.endsWith('/sign-out')),
    );
    const seen: string[] = [];
    for (const route of routes) {
      // A body the call refuses (400) or an id that is not there (404) shows the guard let the call through
      // without changing anything.
      const path = route.url.replace(':id', 'nothing');
      const body = route.method === 'GET' ? undefined : {};
      const anonymous = await opsFetch(t, route.method, path, body);
      const expected = EXPECTED[`${route.method} ${route.url}`];
      const label = `${route.method} ${route.url} (expected ${expected}, declared ${route.access})`;
      if (expected === undefined) throw new Error(`${label}: no row in the matrix`);
      if (expected === 'public') expect(anonymous.status, `${label} without session`).toBe(400);
      else expect(anonymous.body.code, `${label} without session`).toBe('401');
      for (const role of OPS_ROLES) {
        const answer = await clients.get(role)!.call(route.method, path, body);
        if (allowed(expected, role)) expect([200, 400, 404], `${label} as ${role}: ${JSON.stringify(answer.body)}`).toContain(answer.status);
        else expect(answer.body.code, `${label} as ${role}`).toBe('403');
        seen.push(`${label} ${role} ${answer.status}`);
      }
    }
    expect(seen.length).toBe(routes.length * OPS_ROLES.length);
  });
});
