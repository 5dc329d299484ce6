// Endpoint schemas (STYLE.md: one file per endpoint, named for the action). zod/mini keeps the web's
// first load small: measured with rolldown, a strict object schema costs about 4.8 KB gzip with
// zod/mini against about 23 KB with full zod. `import * as z` keeps esbuild from pulling in all of zod.
import * as z from 'zod/mini';
import type { $ZodObjectDef, $ZodType, input, output } from 'zod/v4/core';
import { API_BASE } from '../constants.js';
import { ProtocolTypeError } from '../errors.js';

/**
 * One product call. `request` is the decrypted payload's schema (a strict object: unknown fields are
 * rejected, answered 400/4009); `response` is the schema of `data` in a code '200' answer.
 */
export interface Endpoint<P extends string = string, Req extends $ZodType = $ZodType, Res extends $ZodType = $ZodType> {
  readonly path: P;
  /** The path on the wire, under API_BASE (what the envelope AAD and the signature cover). */
  readonly fullPath: `${typeof API_BASE}${P}`;
  readonly request: Req;
  readonly response: Res;
}

export type EndpointRequest<E extends Endpoint> = output<E['request']>;
export type EndpointResponseData<E extends Endpoint> = output<E['response']>;
/** What a handler may return for `data` before the response schema parses it. */
export type EndpointResponseInput<E extends Endpoint> = input<E['response']>;

/** /v<n>/<area>/<action>, as in SPEC §7 (e.g. /v1/user/check-login, /v1/user/getAppDownloadUrl). */
const ENDPOINT_PATH = /^\/v[0-9]+(?:\/[A-Za-z0-9-]+)+$/;

function isStrictObject(schema: $ZodType): boolean {
  const def = schema._zod.def as Partial<$ZodObjectDef>;
  return def.type === 'object' && def.catchall?._zod.def.type === 'never';
}

function isSchema(value: unknown): value is $ZodType {
  return typeof value === 'object' && value !== null && '_zod' in value;
}

export function defineEndpoint<const P extends `/${string}`, Req extends $ZodType, Res extends $ZodType>(definition: {
  path: P;
  request: Req;
  response: Res;
}): Endpoint<P, Req, Res> {
  const { path, request, response } = definition;
  if (typeof path !== 'string' || !ENDPOINT_PATH.test(path)) throw new ProtocolTypeError('path', 'expected /v<n>/<area>/<action>');
  if (!isSchema(request) || !isStrictObject(request)) throw new ProtocolTypeError('request', 'expected a strict zod object (z.strictObject)');
  if (!isSchema(response)) throw new ProtocolTypeError('response', 'expected a zod schema');
  return Object.freeze({ path, fullPath: `${API_BASE}${path}` as const, request, response });
}

export type ParseResult<T> = { ok: true; data: T } | { ok: false; issues: string[] };

// Issues name the field and the failed rule only, never the value: payloads carry phones, ID and card numbers.
function parse<T>(schema: $ZodType, value: unknown, argument: string): ParseResult<T> {
  if (!isSchema(schema)) throw new ProtocolTypeError(argument, 'expected an endpoint from defineEndpoint');
  const result = z.safeParse(schema, value);
  if (result.success) return { ok: true, data: result.data as T };
  return { ok: false, issues: result.error.issues.map((issue) => `${issue.path.map(String).join('.') || '(root)'}: ${issue.code}`) };
}

/** Server side: checks a decrypted payload against the endpoint's request schema. */
export function parseRequest<E extends Endpoint>(endpoint: E, payload: unknown): ParseResult<EndpointRequest<E>> {
  return parse(endpoint?.request, payload, 'endpoint');
}

/** Both sides: checks the `data` of a code '200' answer against the endpoint's response schema. */
export function parseResponseData<E extends Endpoint>(endpoint: E, data: unknown): ParseResult<EndpointResponseData<E>> {
  return parse(endpoint?.response, data, 'endpoint');
}

export type OpsMethod = 'GET' | 'POST' | 'PUT';

/**
 * One operators' call (docs/api.md "Content operations", "Rewards operations", "Operations summary data"):
 * plain JSON behind the admin token, not sealed. `path` is an OPS_PATH pattern (`:id` is the one path
 * parameter); `request` is the JSON body's schema, or for a GET the named query parameters' (strings), a
 * strict object either way; `response` is the schema of `data` in a code '200' answer.
 */
export interface OpsEndpoint<M extends OpsMethod = OpsMethod, P extends string = string, Req extends $ZodType = $ZodType, Res extends $ZodType = $ZodType> {
  readonly method: M;
  readonly path: P;
  readonly request: Req;
  readonly response: Res;
}

/** What a client sends (the body, or a GET's query parameters). */
export type OpsRequest<E extends OpsEndpoint> = input<E['request']>;
/** What the server reads once the request schema has parsed it. */
export type OpsRequestData<E extends OpsEndpoint> = output<E['request']>;
export type OpsResponseData<E extends OpsEndpoint> = output<E['response']>;

/** /ops/api/<area>[/<segment or :id>…] */
const OPS_PATH_PATTERN = /^\/ops\/api(?:\/(?:[a-z0-9-]+|:id))+$/;
const OPS_METHODS: readonly string[] = ['GET', 'POST', 'PUT'] satisfies OpsMethod[];

export function defineOpsEndpoint<const M extends OpsMethod, const P extends `/ops/api/${string}`, Req extends $ZodType, Res extends $ZodType>(definition: {
  method: M;
  path: P;
  request: Req;
  response: Res;
}): OpsEndpoint<M, P, Req, Res> {
  const { method, path, request, response } = definition;
  if (!OPS_METHODS.includes(method)) throw new ProtocolTypeError('method', 'expected GET, POST or PUT');
  if (typeof path !== 'string' || !OPS_PATH_PATTERN.test(path)) throw new ProtocolTypeError('path', 'expected /ops/api/<area>/…');
  if (!isSchema(request) || !isStrictObject(request)) throw new ProtocolTypeError('request', 'expected a strict zod object (z.strictObject)');
  if (!isSchema(response)) throw new ProtocolTypeError('response', 'expected a zod schema');
  return Object.freeze({ method, path, request, response });
}

/** Both sides: checks the `data` of a code '200' operators' answer against the call's response schema. */
export function parseOpsResponseData<E extends OpsEndpoint>(endpoint: E, data: unknown): ParseResult<OpsResponseData<E>> {
  return parse(endpoint?.response, data, 'endpoint');
}
