// The operators' content API (docs/api.md "Content operations"): plain JSON behind the admin token, not a
// sealed product call, so not through the API client (its toasts and 401 handling are for users' pages).
// The token is the one every /ops page uses (lib/ops-api.ts).
import { OPS_CONTENT_PATH } from '@tyd/protocol/wire';
import { OpsApiError, opsRequest } from '../../../lib/ops-api';

export type ContentKind = 'notice' | 'announcement' | 'article';

export interface ManagedItem {
  id: string;
  kind: ContentKind;
  title: string;
  summary: string;
  important: boolean;
  status: 'draft' | 'scheduled' | 'published' | 'unpublished';
  publishAt: number | null;
  version: number;
  body: string;
  html: string;
  updatedAt: number;
}

export interface AuditEntry {
  contentId: string;
  action: 'create' | 'edit' | 'publish' | 'schedule' | 'unpublish' | 'image';
  by: string;
  version: number;
  at: number;
  /** The item after the change; `publishAt` is when a scheduled item goes out. */
  detail?: { title?: string; publishAt?: number | null; state?: string };
}

async function opsCall<T>(method: string, path: string, body?: unknown, signal?: AbortSignal): Promise<T> {
  try {
    return await opsRequest<T>(`${OPS_CONTENT_PATH}${path}`, { method, body, signal });
  } catch (error) {
    if (error instanceof OpsApiError && error.status === 409) throw new OpsApiError('refused', '内容已被他人修改，请刷新后再编辑。', 409);
    throw error;
  }
}

export const opsContent = {
  list: (signal?: AbortSignal) => opsCall<{ items: ManagedItem[]; audit: AuditEntry[] }>('GET', '', undefined, signal),
  get: (id: string, signal?: AbortSignal) => opsCall<{ item: ManagedItem; audit: AuditEntry[] }>('GET', `/${id}`, undefined, signal),
  preview: (body: string, signal?: AbortSignal) => opsCall<{ html: string }>('POST', '/preview', { body }, signal),
  create: (input: { kind: ContentKind; title: string; body: string; summary?: string; important?: boolean; by: string }) => opsCall<ManagedItem>('POST', '', input),
  edit: (id: string, input: { title?: string; body?: string; summary?: string; important?: boolean; version: number; by: string }) => opsCall<ManagedItem>('PUT', `/${id}`, input),
  publish: (id: string, by: string, at?: number) => opsCall<ManagedItem>('POST', `/${id}/publish`, { by, ...(at !== undefined && { at }) }),
  unpublish: (id: string, by: string) => opsCall<ManagedItem>('POST', `/${id}/unpublish`, { by }),
};
