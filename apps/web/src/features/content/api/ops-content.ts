// The operators' content API (docs/api.md "Content operations"): plain JSON behind the operator's session,
// not a sealed product call, so not through the API client (its toasts and 401 handling are for users' pages;
// lib/ops-api.ts). The audit names the signed-in operator.
// Paths from the zod-free wire entry, types only from the calls' schemas (endpoints/ops/content-ops.ts), so the
// page carries no schema code.
import type {
  ManagedContent,
  OpsRequest,
  OpsResponseData,
  opsContentCreate,
  opsContentGet,
  opsContentList,
  opsContentPreview,
  opsContentUpdate,
} from '@tyd/protocol/schemas';
import { OPS_PATH, opsUrl, type OpsPath } from '@tyd/protocol/wire';
import { OpsApiError, opsRequest } from '../../../lib/ops-api';

async function opsCall<T>(method: string, path: OpsPath, opts: { id?: string; body?: unknown; signal?: AbortSignal } = {}): Promise<T> {
  try {
    return await opsRequest<T>(opsUrl(path, { id: opts.id }), { method, body: opts.body, signal: opts.signal });
  } catch (error) {
    if (error instanceof OpsApiError && error.status === 409) throw new OpsApiError('refused', '内容已被他人修改，请刷新后再编辑。', 409);
    throw error;
  }
}

export const opsContent = {
  list: (signal?: AbortSignal) => opsCall<OpsResponseData<typeof opsContentList>>('GET', OPS_PATH.content, { signal }),
  get: (id: string, signal?: AbortSignal) => opsCall<OpsResponseData<typeof opsContentGet>>('GET', OPS_PATH.contentItem, { id, signal }),
  preview: (body: string, signal?: AbortSignal) =>
    opsCall<OpsResponseData<typeof opsContentPreview>>('POST', OPS_PATH.contentPreview, { body: { body }, signal }),
  create: (input: OpsRequest<typeof opsContentCreate>) => opsCall<ManagedContent>('POST', OPS_PATH.content, { body: input }),
  edit: (id: string, input: OpsRequest<typeof opsContentUpdate>) => opsCall<ManagedContent>('PUT', OPS_PATH.contentItem, { id, body: input }),
  publish: (id: string, at?: number) => opsCall<ManagedContent>('POST', OPS_PATH.contentPublish, { id, body: at !== undefined ? { at } : {} }),
  unpublish: (id: string) => opsCall<ManagedContent>('POST', OPS_PATH.contentUnpublish, { id, body: {} }),
};
