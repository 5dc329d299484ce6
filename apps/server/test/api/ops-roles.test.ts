// Every /ops/api route × every role, and no session (docs/operations.md "Roles"): the routes are the ones
// the app registered (operators-module.ts records each with the access it declared, and refuses one that
// declares none), held to the protocol's list of operators' calls so none is left out of the walk.
import * as schemas from '@tyd/protocol/schemas';
import { OPS_ROLES, type OpsRole } from '@tyd/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpsAccess } from '../../src/http/ops-guard.js';
import { opsFetch, signedInOperator, type OpsClient } from '../support/operators.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { ENGINES } from '../support/test-databases.js';

/** Who may pass a route's guard: `viewer` routes every role, another role only itself, `public` anyone. */
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
      const label = `${route.method} ${route.url} (${route.access})`;
      if (route.access === 'public') expect(anonymous.status, `${label} without session`).toBe(400);
      else expect(anonymous.body.code, `${label} without session`).toBe('401');
      for (const role of OPS_ROLES) {
        const answer = await clients.get(role)!.call(route.method, path, body);
        if (allowed(route.access, role)) expect([200, 400, 404], `${label} as ${role}: ${JSON.stringify(answer.body)}`).toContain(answer.status);
        else expect(answer.body.code, `${label} as ${role}`).toBe('403');
        seen.push(`${label} ${role} ${answer.status}`);
      }
    }
    // Each capability's changing calls are its role's alone.
    const only = (role: OpsRole) => routes.filter((r) => r.access === role).map((r) => `${r.method} ${r.url}`);
    expect(only('content_editor')).toEqual(
      expect.arrayContaining(['POST /ops/api/content', 'PUT /ops/api/content/:id', 'POST /ops/api/help/questions/:id/answer']),
    );
    expect(only('rewards_manager')).toEqual(
      expect.arrayContaining(['POST /ops/api/rewards/batches', 'PUT /ops/api/rewards/gift', 'POST /ops/api/rewards/prizes/:id']),
    );
    expect(only('administrator')).toEqual(expect.arrayContaining(['POST /ops/api/operators', 'GET /ops/api/audit']));
    // Signing in, and an enrolment link's own calls (its token is the proof: docs/api.md "Operators").
    expect(
      routes
        .filter((r) => r.access === 'public')
        .map((r) => `${r.method} ${r.url}`)
        .sort(),
    ).toEqual(['POST /ops/api/enrolment', 'POST /ops/api/enrolment/finish', 'POST /ops/api/session']);
    expect(seen.length).toBe(routes.length * OPS_ROLES.length);
  });
});
