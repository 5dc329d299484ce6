// Test-only: answers of the API client built through the endpoints' response schemas (docs/architecture.md
// "The typed call"), so a test written for an old answer breaks when the schema changes instead of passing
// against an answer the server can no longer send. Tests may import the schemas; the app never does.
import { endpointFor, parseResponseData } from '@tyd/protocol/schemas';
import { CODE, isApiResponse, type ApiResponse, type EndpointRef, type RefResponse } from '@tyd/protocol/wire';
import { onTestFinished } from 'vitest';

/** An answer the endpoint's schema refuses, which the server would never send. */
export class AnswerSchemaError extends Error {
  override name = 'AnswerSchemaError';
  constructor(path: string, issues: string[]) {
    super(`test answer of ${path} does not fit its response schema: ${issues.join('; ')}`);
  }
}

const OFF_SCHEMA = Symbol('off-schema');
type OffSchema = { readonly [OFF_SCHEMA]: unknown };

/**
 * Marks an answer's data as deliberately outside the schema: for tests of how the page copes with data the
 * contract does not allow (a hostile or broken server). Greppable, so such answers stay few and visible.
 */
export function offSchema(data: unknown): OffSchema {
  return { [OFF_SCHEMA]: data };
}

function isOffSchema(value: unknown): value is OffSchema {
  return typeof value === 'object' && value !== null && OFF_SCHEMA in value;
}

/** `data`, once the endpoint's response schema accepts it; throws AnswerSchemaError when it does not fit. */
export function answerData<R extends EndpointRef>(ref: R, data: RefResponse<R>): RefResponse<R> {
  return checkData(ref, data);
}

/** A code '200' answer of `ref`'s endpoint with `data` (checked as answerData does). */
export function answer<R extends EndpointRef>(ref: R, data: RefResponse<R>): ApiResponse<RefResponse<R>> {
  return { code: CODE.OK, msg: '成功', data: answerData(ref, data) };
}

function checkData<R extends EndpointRef>(ref: R, data: unknown): RefResponse<R> {
  if (isOffSchema(data)) return data[OFF_SCHEMA] as RefResponse<R>;
  const endpoint = endpointFor(ref.path);
  if (!endpoint) throw new AnswerSchemaError(ref.path, ['no such endpoint']);
  const parsed = parseResponseData(endpoint, data);
  if (!parsed.ok) throw new AnswerSchemaError(ref.path, parsed.issues);
  // The test's own object, checked: pages may compare answers by identity, as the scripted mocks gave them.
  return data as RefResponse<R>;
}

function checkAnswer<R extends EndpointRef>(ref: R, response: unknown): ApiResponse<RefResponse<R>> {
  if (isOffSchema(response)) return response[OFF_SCHEMA] as ApiResponse<RefResponse<R>>;
  if (!isApiResponse(response)) throw new AnswerSchemaError(ref.path, ['not an answer envelope {code, msg, …}']);
  // Only a success's data has a schema; a refusal's data (a field, a retry time) is the code's own.
  if (response.code !== CODE.OK || response.data === undefined) return response as ApiResponse<RefResponse<R>>;
  return { ...response, data: checkData(ref, response.data) };
}

// A page may catch the rejection and show its error state, which a test could take for the behaviour it
// expects: so a misfit also fails the test that is running, whatever the page did with it.
function failing<T>(check: () => T): T {
  try {
    return check();
  } catch (error) {
    onTestFinished(() => {
      throw error;
    });
    throw error;
  }
}

type Scripted = (path: string, payload: unknown, opts?: unknown) => unknown;

/**
 * The API client for `vi.mock` of lib/api-client: `request` and `call` ask the test's mocks for the answer
 * (the mocks see the ref's path, the path on the wire, so tests script and assert by path) and check it
 * against the response schema of the endpoint the page called. Nothing scripted (undefined) passes as is.
 *
 *   const api = vi.hoisted(() => ({ request: vi.fn(), call: vi.fn() }));
 *   vi.mock('../../../lib/api-client', async () => (await import('../../../test/api-answers')).checkedClient(api));
 */
export function checkedClient(mocks: { request?: Scripted; call?: Scripted }) {
  const { request, call } = mocks;
  return {
    ...(request && {
      request: async (ref: EndpointRef, ...args: [payload: unknown, opts?: unknown]) => {
        const response = await request(ref.path, ...args);
        return response === undefined ? response : failing(() => checkAnswer(ref, response));
      },
    }),
    ...(call && {
      call: async (ref: EndpointRef, ...args: [payload: unknown, opts?: unknown]) => {
        const data = await call(ref.path, ...args);
        return data === undefined ? data : failing(() => checkData(ref, data));
      },
    }),
  };
}
