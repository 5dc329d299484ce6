import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { ProtocolTypeError } from '../errors.js';
import { defineEndpoint, parseRequest, parseResponseData } from './define-endpoint.js';
import { endpointFor, endpoints } from './registry.js';
import { checkLogin } from './user/check-login.js';

describe('defineEndpoint', () => {
  it('rejects bad paths and non-strict request schemas', () => {
    const ok = { path: '/v1/user/x', request: z.strictObject({}), response: z.strictObject({}) } as const;
    expect(defineEndpoint(ok).fullPath).toBe('/tydApi/v1/user/x');
    expect(defineEndpoint({ ...ok, path: '/v1/user/getAppDownloadUrl' }).path).toBe('/v1/user/getAppDownloadUrl');
    for (const path of ['/tydApi/v1/user/x', 'v1/user/x', '/v1/user/', '/v1/user/x?y=1', '/user/x']) {
      expect(() => defineEndpoint({ ...ok, path: path as '/x' }), path).toThrow(ProtocolTypeError);
    }
    expect(() => defineEndpoint({ ...ok, request: z.object({}) })).toThrow(/^request:/);
    expect(() => defineEndpoint({ ...ok, request: z.looseObject({}) })).toThrow(/^request:/);
    expect(() => defineEndpoint({ ...ok, request: z.string() })).toThrow(/^request:/);
    expect(() => defineEndpoint({ ...ok, response: {} as never })).toThrow(/^response:/);
    expect(() => parseRequest({} as never, {})).toThrow(/^endpoint:/);
    expect(() => parseResponseData(undefined as never, {})).toThrow(/^endpoint:/);
  });
});

describe('check-login', () => {
  it('accepts an empty payload only', () => {
    expect(parseRequest(checkLogin, {})).toEqual({ ok: true, data: {} });
    expect(parseRequest(checkLogin, { phone: '13812345678' })).toEqual({ ok: false, issues: ['(root): unrecognized_keys'] });
    expect(parseRequest(checkLogin, null).ok).toBe(false);
    expect(parseRequest(checkLogin, []).ok).toBe(false);
  });

  it('accepts a logged-in answer with a masked phone only, without echoing values in issues', () => {
    expect(parseResponseData(checkLogin, { loggedIn: true, phone: '138****5678' })).toEqual({
      ok: true,
      data: { loggedIn: true, phone: '138****5678' },
    });
    const unmasked = parseResponseData(checkLogin, { loggedIn: true, phone: '13812345678' });
    expect(unmasked).toEqual({ ok: false, issues: ['phone: invalid_format'] });
    expect(JSON.stringify(unmasked)).not.toContain('13812345678');
    expect(parseResponseData(checkLogin, { loggedIn: false, phone: '138****5678' }).ok).toBe(false);
    expect(parseResponseData(checkLogin, { loggedIn: true, phone: '138****5678', token: 'x' }).ok).toBe(false);
  });
});

describe('registry', () => {
  it('keys every endpoint by its own path', () => {
    for (const [path, endpoint] of Object.entries(endpoints)) expect(endpoint.path).toBe(path);
    expect(endpointFor('/v1/user/check-login')).toBe(checkLogin);
    expect(endpointFor('/v1/user/nope')).toBeUndefined();
    expect(endpointFor('toString')).toBeUndefined();
    expect(endpointFor('__proto__')).toBeUndefined();
  });
});
