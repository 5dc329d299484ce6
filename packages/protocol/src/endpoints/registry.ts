import type { Endpoint } from './define-endpoint.js';
import { checkLogin } from './user/check-login.js';

/** Every endpoint by path (without API_BASE). Later issues add theirs here. */
export const endpoints = {
  [checkLogin.path]: checkLogin,
} as const satisfies Record<string, Endpoint>;

export type EndpointPath = keyof typeof endpoints;

/** The endpoint for a path, or undefined; only own keys count (no "toString" or "__proto__"). */
export function endpointFor(path: string): Endpoint | undefined {
  return Object.hasOwn(endpoints, path) ? endpoints[path as EndpointPath] : undefined;
}
