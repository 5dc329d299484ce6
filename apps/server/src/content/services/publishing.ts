// The operators' side of content (docs/operations.md "Content"): create, edit, preview, publish now or at a
// time, unpublish, list; images for articles. 常见问题 (FAQ) entries are content of the kind `faq` with a
// category and an order (docs/api.md "Help and customer service"), published and audited like the rest. Used by `npm run admin -- content` and the /ops content
// section alike. Every change is one transaction with its audit row (who, what, when, at which version),
// and an edit of a row someone else changed meanwhile is refused instead of overwriting theirs.
import { randomBytes } from 'node:crypto';
import { CONTENT_OPS_LIMITS, HELP_LIMITS, type ContentAuditEntry } from '@tyd/protocol';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AUDITED_OPERATOR_RULE, auditedOperator } from '../../http/ops-api.js';
import { ImageRejected, imageRejectionText, inspectPhoto } from '../../uploads/uploads-module.js';
import type { AuditRow, ContentItemRow, ContentKindValue, ContentRepository } from '../repositories/content-repository.js';
import { renderMarkdown, summarize } from './render-markdown.js';

export const MAX_BODY_CHARS = CONTENT_OPS_LIMITS.bodyChars;
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;

/** A refusal to show the operator (bad input, unknown id, a conflicting edit). */
export class ContentInputError extends Error {
  override readonly name = 'ContentInputError';
  constructor(
    message: string,
    readonly kind: 'invalid' | 'not-found' | 'conflict' = 'invalid',
  ) {
    super(message);
  }
}

export interface ContentDraft {
  title: string;
  body: string;
  summary?: string;
  important?: boolean;
  /** FAQ entries only: required when one is created. */
  category?: string;
  /** FAQ entries only: 0 (first, the default) to HELP_LIMITS.faqOrderMax. */
  order?: number;
}

export type ContentStatus = 'draft' | 'scheduled' | 'published' | 'unpublished';

export interface ManagedItem {
  id: string;
  kind: ContentKindValue;
  title: string;
  summary: string;
  important: boolean;
  status: ContentStatus;
  publishAt: number | null;
  version: number;
  createdAt: number;
  updatedAt: number;
  body: string;
  html: string;
  /** FAQ entries only. */
  category?: string;
  order?: number;
}

const ID_PREFIX: Record<ContentKindValue, string> = { notice: 'n', announcement: 'a', article: 'r', faq: 'f' };

export function statusOf(row: Pick<ContentItemRow, 'state' | 'publish_at'>, now: number): ContentStatus {
  if (row.state === 'published') return row.publish_at !== null && row.publish_at > now ? 'scheduled' : 'published';
  return row.state;
}

function managed(row: ContentItemRow, now: number): ManagedItem {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    summary: row.summary,
    important: row.important === 1,
    status: statusOf(row, now),
    publishAt: row.publish_at,
    version: row.version,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    body: row.body_md,
    html: row.body_html,
    ...(row.kind === 'faq' && { category: row.category ?? '', order: row.sort_order }),
  };
}

/** A category and an order belong to FAQ entries, and an FAQ entry is created with a category. */
function checkFaqFields(kind: ContentKindValue, draft: Partial<ContentDraft>, creating: boolean): void {
  if (kind !== 'faq') {
    if (draft.category !== undefined || draft.order !== undefined) throw new ContentInputError('分类（category）、排序（order）：仅常见问题（kind faq）可填');
    return;
  }
  if (draft.category !== undefined) {
    const category = draft.category.trim();
    if (category.length < 1 || [...category].length > HELP_LIMITS.faqCategoryChars)
      throw new ContentInputError(`分类（category）：1 至 ${HELP_LIMITS.faqCategoryChars} 个字符`);
  } else if (creating) {
    throw new ContentInputError('分类（category）：常见问题须填写分类');
  }
  if (draft.order !== undefined && !(Number.isSafeInteger(draft.order) && draft.order >= 0 && draft.order <= HELP_LIMITS.faqOrderMax))
    throw new ContentInputError(`排序（order）：0 至 ${HELP_LIMITS.faqOrderMax} 的整数`);
}

function checkDraft(draft: Partial<ContentDraft>): void {
  if (draft.title !== undefined && (draft.title.trim().length < 1 || draft.title.length > 100)) throw new ContentInputError('标题（title）：1 至 100 个字符');
  if (draft.body !== undefined && (draft.body.trim().length < 1 || draft.body.length > MAX_BODY_CHARS))
    throw new ContentInputError(`正文（body）：1 至 ${MAX_BODY_CHARS} 个字符`);
  if (draft.summary !== undefined && draft.summary.length > 200) throw new ContentInputError('摘要（summary）：至多 200 个字符');
}

function checkActor(actor: string): string {
  const by = auditedOperator(actor);
  if (by === undefined) throw new ContentInputError(AUDITED_OPERATOR_RULE);
  return by;
}

export function createPublishing(db: Kysely<Database>, repo: ContentRepository) {
  async function change(
    id: string,
    actor: string,
    action: AuditRow['action'],
    now: number,
    apply: (row: ContentItemRow, trx: Transaction<Database>) => Partial<ContentItemRow> | Promise<Partial<ContentItemRow>>,
    expectedVersion?: number,
  ): Promise<ManagedItem> {
    const by = checkActor(actor);
    return db.transaction().execute(async (trx) => {
      const row = await repo.findItem(id, trx);
      if (!row) throw new ContentInputError(`没有内容 ${id}`, 'not-found');
      if (expectedVersion !== undefined && expectedVersion !== row.version)
        throw new ContentInputError(`${id} 已被他人修改（现为第 ${row.version} 版），请刷新后重新编辑`, 'conflict');
      const changes = { updated_at: now, ...(await apply(row, trx)) };
      if (!(await repo.updateItem(id, row.version, changes, trx))) throw new ContentInputError(`${id} 已被他人修改，请刷新后重新编辑`, 'conflict');
      const next = { ...row, ...changes, version: row.version + 1 };
      await repo.insertAudit(
        {
          id: `l_${randomBytes(12).toString('base64url')}`,
          content_id: id,
          action,
          actor: by,
          version: next.version,
          detail: JSON.stringify({ title: next.title, publishAt: next.publish_at, state: next.state }),
          at: now,
        },
        trx,
      );
      // As of the change itself: a notice published now whose time went 1 ms past the newest notice out
      // (noticeTime) answers as published, not as scheduled for that millisecond.
      return managed(next, Math.max(now, next.updated_at));
    });
  }

  /**
   * The time of a notice published now: `now`, or 1 ms after the newest notice already out if that is
   * later, read while the other notice publications wait (repo.lockNoticeTimes). 全部已读 marks read
   * through the newest notice it saw (services/reading.ts), so a notice that commits after a clear must
   * carry a later time than any notice that clear could have seen: stamping `now` alone let a clear in
   * the same millisecond, one running while this transaction was open, or one after a publication stamped
   * by a clock ahead of ours pass a notice the user never saw (docs/architecture.md "Content").
   */
  async function noticeTime(now: number, trx: Transaction<Database>): Promise<number> {
    await repo.lockNoticeTimes(trx);
    const newest = await repo.newestNoticeOutAt(now, trx);
    return newest === undefined ? now : Math.max(now, newest + 1);
  }

  return {
    preview(body: string): string {
      checkDraft({ body });
      return renderMarkdown(body);
    },

    async create(kind: ContentKindValue, draft: ContentDraft, actor: string, now: number): Promise<ManagedItem> {
      checkDraft(draft);
      checkFaqFields(kind, draft, true);
      const by = checkActor(actor);
      const row: ContentItemRow = {
        id: `${ID_PREFIX[kind]}_${randomBytes(12).toString('base64url')}`,
        kind,
        title: draft.title.trim(),
        summary: draft.summary?.trim() || summarize(draft.body),
        body_md: draft.body,
        body_html: renderMarkdown(draft.body),
        important: draft.important ? 1 : 0,
        state: 'draft',
        publish_at: null,
        version: 1,
        created_at: now,
        updated_at: now,
        category: kind === 'faq' ? (draft.category?.trim() ?? null) : null,
        sort_order: kind === 'faq' ? (draft.order ?? 0) : 0,
      };
      await db.transaction().execute(async (trx) => {
        await repo.insertItem(row, trx);
        await repo.insertAudit(
          {
            id: `l_${randomBytes(12).toString('base64url')}`,
            content_id: row.id,
            action: 'create',
            actor: by,
            version: 1,
            detail: JSON.stringify({ title: row.title, publishAt: null, state: 'draft' }),
            at: now,
          },
          trx,
        );
      });
      return managed(row, now);
    },

    /** Changes what is given; a published item stays where it is in the lists. */
    async edit(id: string, draft: Partial<ContentDraft>, actor: string, now: number, expectedVersion?: number): Promise<ManagedItem> {
      checkDraft(draft);
      return change(
        id,
        actor,
        'edit',
        now,
        (row) => {
          checkFaqFields(row.kind, draft, false);
          const body = draft.body ?? row.body_md;
          return {
            ...(draft.title !== undefined && { title: draft.title.trim() }),
            ...(draft.body !== undefined && { body_md: body, body_html: renderMarkdown(body) }),
            ...(draft.summary !== undefined || draft.body !== undefined ? { summary: draft.summary?.trim() || summarize(body) } : {}),
            ...(draft.important !== undefined && { important: draft.important ? 1 : 0 }),
            ...(draft.category !== undefined && { category: draft.category.trim() }),
            ...(draft.order !== undefined && { sort_order: draft.order }),
          };
        },
        expectedVersion,
      );
    },

    /**
     * Publishes now, or at `at` (scheduled: readers see it from then on). An item already showing keeps
     * its place; one published again after it was taken down goes to the top, as new.
     */
    async publish(id: string, actor: string, now: number, at?: number): Promise<ManagedItem> {
      if (at !== undefined && !(Number.isSafeInteger(at) && at > now)) throw new ContentInputError('发布时间（at）：须为将来的时间');
      return change(id, actor, at === undefined ? 'publish' : 'schedule', now, async (row, trx) => {
        if (at !== undefined) return { state: 'published', publish_at: at };
        const showing = row.state === 'published' && row.publish_at !== null && row.publish_at <= now;
        if (showing) return { state: 'published' };
        // Written with updated_at = publish_at: how newestNoticeOutAt recognises a publication now.
        const publishAt = row.kind === 'notice' ? await noticeTime(now, trx) : now;
        return { state: 'published', publish_at: publishAt, updated_at: publishAt };
      });
    },

    async unpublish(id: string, actor: string, now: number): Promise<ManagedItem> {
      return change(id, actor, 'unpublish', now, () => ({ state: 'unpublished' }));
    },

    async get(id: string, now: number): Promise<ManagedItem> {
      const row = await repo.findItem(id);
      if (!row) throw new ContentInputError(`没有内容 ${id}`, 'not-found');
      return managed(row, now);
    },

    async list(kind: ContentKindValue | undefined, now: number, limit = 100): Promise<ManagedItem[]> {
      return (await repo.listAll(kind, limit)).map((row) => managed(row, now));
    },

    async audit(contentId: string | undefined, limit = 100) {
      return (await repo.listAudit(contentId, limit)).map((row) => ({
        contentId: row.content_id,
        action: row.action,
        by: row.actor,
        version: row.version,
        at: row.at,
        detail: JSON.parse(row.detail) as ContentAuditEntry['detail'],
      }));
    },

    async image(id: string): Promise<{ contentType: string; bytes: Buffer } | undefined> {
      const row = await repo.findImage(id);
      return row ? { contentType: row.content_type, bytes: Buffer.from(row.bytes_b64, 'base64') } : undefined;
    },

    /** Stores a JPEG or PNG (checked and stripped of metadata like any photo); its path for Markdown. */
    async addImage(bytes: Buffer, actor: string, now: number): Promise<{ id: string; path: string }> {
      const by = checkActor(actor);
      if (bytes.length > MAX_IMAGE_BYTES) throw new ContentInputError(`图片（image）：至多 ${MAX_IMAGE_BYTES} 字节`);
      let image;
      try {
        image = inspectPhoto(bytes);
      } catch (error) {
        throw new ContentInputError(`图片（image）：${imageRejectionText(error instanceof ImageRejected ? error.reason : 'not-image')}`);
      }
      const id = `i_${randomBytes(12).toString('base64url')}`;
      await db.transaction().execute(async (trx) => {
        await repo.insertImage({ id, content_type: image.contentType, bytes_b64: image.bytes.toString('base64'), created_at: now }, trx);
        await repo.insertAudit(
          {
            id: `l_${randomBytes(12).toString('base64url')}`,
            content_id: id,
            action: 'image',
            actor: by,
            version: 1,
            detail: JSON.stringify({ bytes: image.bytes.length, width: image.width, height: image.height }),
            at: now,
          },
          trx,
        );
      });
      return { id, path: `/content-images/${id}` };
    },
  };
}

export type Publishing = ReturnType<typeof createPublishing>;
