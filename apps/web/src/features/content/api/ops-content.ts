// The operators' content API (docs/api.md "Content operations"): plain JSON behind the admin token, not a
// sealed product call, so not through the API client (its toasts and 401 handling are for users' pages).
// The token is the one /ops uses, kept for this tab only (sessionStorage, the same key), never logged.
import { OPS_CONTENT_PATH } from '@tyd/protocol/wire';
import { session } from '../../../lib/storage';

const OPS_TOKEN_KEY = 'tyd.opsToken';

export const opsToken = {
  get: (): string | null => session.get(OPS_TOKEN_KEY),
  set: (token: string): void => session.set(OPS_TOKEN_KEY, token),
  clear: (): void => session.remove(OPS_TOKEN_KEY),
};

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
  action: string;
  by: string;
  version: number;
  at: number;
}

/** A refusal with the server's reason (shown to the operator as is), or 'unauthorized' / 'disabled'. */
export class OpsContentError extends Error {
  override name = 'OpsContentError';
  constructor(
    readonly failure: 'unauthorized' | 'disabled' | 'refused' | 'unavailable',
    reason: string,
  ) {
    super(reason);
  }
}

async function opsCall<T>(method: string, path: string, body?: unknown, signal?: AbortSignal): Promise<T> {
  let res: Response;
  try {
    res = await fetch(`${OPS_CONTENT_PATH}${path}`, {
      method,
      credentials: 'same-origin',
      signal,
      headers: { authorization: `Bearer ${opsToken.get() ?? ''}`, ...(body !== undefined && { 'content-type': 'application/json' }) },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new OpsContentError('unavailable', '网络连接异常，请稍后重试');
  }
  if (res.status === 401) throw new OpsContentError('unauthorized', '管理令牌错误');
  const answer = (await res.json().catch(() => null)) as { code?: string; data?: unknown } | null;
  if (res.status === 404 && !answer?.data) throw new OpsContentError('disabled', '运营接口未开启：服务器未配置管理令牌（TYD_ADMIN_TOKEN）。');
  if (!res.ok || answer?.code !== '200') {
    const reason = (answer?.data as { reason?: string } | undefined)?.reason;
    throw new OpsContentError('refused', res.status === 409 ? '内容已被他人修改，请刷新后再编辑。' : (reason ?? '操作失败，请稍后重试'));
  }
  return answer.data as T;
}

export const opsContent = {
  list: (signal?: AbortSignal) => opsCall<{ items: ManagedItem[]; audit: AuditEntry[] }>('GET', '', undefined, signal),
  preview: (body: string, signal?: AbortSignal) => opsCall<{ html: string }>('POST', '/preview', { body }, signal),
  create: (input: { kind: ContentKind; title: string; body: string; summary?: string; important?: boolean; by: string }) => opsCall<ManagedItem>('POST', '', input),
  edit: (id: string, input: { title: string; body: string; summary?: string; important: boolean; version: number; by: string }) => opsCall<ManagedItem>('PUT', `/${id}`, input),
  publish: (id: string, by: string, at?: number) => opsCall<ManagedItem>('POST', `/${id}/publish`, { by, ...(at !== undefined && { at }) }),
  unpublish: (id: string, by: string) => opsCall<ManagedItem>('POST', `/${id}/unpublish`, { by }),
};
