import { describe, expect, expectTypeOf, it } from 'vitest';
import type { input } from 'zod/v4/core';
import { API as refs, type EndpointRef, type RefRequest, type RefResponse } from './endpoint-refs.js';
import type { EndpointResponseData } from './endpoints/define-endpoint.js';
import { endpointFor, endpoints } from './endpoints/registry.js';
import type { getAppDownloadUrl } from './endpoints/user/get-app-download-url.js';
import type { checkLogin } from './endpoints/user/check-login.js';
import type { userLoginV1 } from './endpoints/user/login.js';
import type { logout } from './endpoints/user/logout.js';
import * as schemas from './schemas.js';
import * as wire from './wire.js';

const refEntries = Object.entries(refs) as [string, EndpointRef][];
const registered = Object.values(endpoints);

describe('endpoint refs', () => {
  it('every registered endpoint has exactly one ref, with its path and fullPath', () => {
    expect(registered.length).toBeGreaterThan(50);
    for (const endpoint of registered) {
      const same = refEntries.filter(([, ref]) => ref.path === endpoint.path);
      expect(same.length, endpoint.path).toBe(1);
      expect(same[0]![1].fullPath, endpoint.path).toBe(endpoint.fullPath);
    }
  });

  it('every ref names a registered endpoint, and is named as that endpoint object is', () => {
    for (const [name, ref] of refEntries) {
      expect(Object.keys(ref).sort(), name).toEqual(['fullPath', 'path']);
      const endpoint = endpointFor(ref.path);
      expect(endpoint, `${name}: ${ref.path}`).toBeDefined();
      // The schemas entry exports the endpoint objects by name (getAppDownloadUrl only through the registry).
      const byName = (schemas as Record<string, unknown>)[name];
      if (name !== 'getAppDownloadUrl') expect(byName, name).toBe(endpoint);
    }
    expect(refEntries.length).toBe(registered.length);
  });

  it('refs are frozen and are what the wire entry exports as API', () => {
    expect(Object.isFrozen(refs)).toBe(true);
    for (const [name, ref] of refEntries) expect(Object.isFrozen(ref), name).toBe(true);
    expect(wire.API).toBe(refs);
  });

  it("a ref carries its endpoint schemas' types: request input, response output", () => {
    expectTypeOf<RefRequest<typeof refs.userLoginV1>>().toEqualTypeOf<input<(typeof userLoginV1)['request']>>();
    expectTypeOf<RefRequest<typeof refs.userLoginV1>>().toEqualTypeOf<{
      phone: string;
      smsCode: string;
      agreementVersion?: string | undefined;
      inviteCode?: string | undefined;
    }>();
    expectTypeOf<RefResponse<typeof refs.userLoginV1>>().toEqualTypeOf<EndpointResponseData<typeof userLoginV1>>();
    expectTypeOf<RefResponse<typeof refs.checkLogin>>().toEqualTypeOf<EndpointResponseData<typeof checkLogin>>();
    expectTypeOf<RefResponse<typeof refs.checkLogin>>().toEqualTypeOf<{ loggedIn: true; phone: string }>();
    expectTypeOf<RefRequest<typeof refs.logout>>().toEqualTypeOf<input<(typeof logout)['request']>>();
    expectTypeOf(refs.getAppDownloadUrl.path).toEqualTypeOf<(typeof getAppDownloadUrl)['path']>();
    expectTypeOf(refs.checkLogin.fullPath).toEqualTypeOf<'/tydApi/v1/user/check-login'>();
    // @ts-expect-error a ref is typed by one endpoint: another endpoint's ref does not stand in for it
    const wrong: EndpointRef<typeof checkLogin> = refs.logout;
    expect(wrong.path).toBe('/v1/user/logout');
  });
});
