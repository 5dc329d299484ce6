// The operators' content calls (docs/api.md "Content operations"): list, get, create, update, publish,
// unpublish and preview, plain JSON behind the admin token at OPS_PATH's content addresses. 常见问题 (FAQ,
// docs/api.md "Help and customer service") are a kind of content here: the question is the title, the answer
// the body, with a category and an order of their own.
import * as z from 'zod/mini';
import { CONTENT_OPS_LIMITS } from '../../content-ops.js';
import { HELP_LIMITS } from '../../help.js';
import { OPS_PATH } from '../../ops-paths.js';
import { CONTENT_KINDS } from '../content/content-fields.js';
import { defineOpsEndpoint } from '../define-endpoint.js';
import { operatorField, opsTimeField } from './ops-fields.js';

export const CONTENT_STATUSES = ['draft', 'scheduled', 'published', 'unpublished'] as const;
export type ContentStatus = (typeof CONTENT_STATUSES)[number];
export const CONTENT_AUDIT_ACTIONS = ['create', 'edit', 'publish', 'schedule', 'unpublish', 'image'] as const;

/** What operators publish: the readers' kinds, and FAQ entries (read through faq-list only). */
export const OPS_CONTENT_KINDS = [...CONTENT_KINDS, 'faq'] as const;
export type OpsContentKind = (typeof OPS_CONTENT_KINDS)[number];

const kind = z.enum(OPS_CONTENT_KINDS);
/** An FAQ entry's category (required when one is created) and its order in it (0 first; ties: the older entry first). */
const category = z.string().check(z.minLength(1), z.maxLength(HELP_LIMITS.faqCategoryChars));
const order = z.int().check(z.minimum(0), z.maximum(HELP_LIMITS.faqOrderMax));
const title = z.string().check(z.minLength(1), z.maxLength(CONTENT_OPS_LIMITS.titleChars));
const body = z.string().check(z.minLength(1), z.maxLength(CONTENT_OPS_LIMITS.bodyChars));
const summary = z.string().check(z.maxLength(CONTENT_OPS_LIMITS.summaryChars));
const version = z.int().check(z.positive());

/** An item as the editor sees it: its Markdown and the HTML readers get, its status now, its version for the next edit. */
export const managedContentSchema = z.strictObject({
  id: z.string(),
  kind,
  title: z.string(),
  summary: z.string(),
  important: z.boolean(),
  /** 'scheduled': published with a publishAt still to come. */
  status: z.enum(CONTENT_STATUSES),
  publishAt: z.nullable(opsTimeField),
  version: z.int(),
  createdAt: opsTimeField,
  updatedAt: opsTimeField,
  body: z.string(),
  html: z.string(),
  /** FAQ entries only. */
  category: z.optional(z.string()),
  /** FAQ entries only. */
  order: z.optional(z.int()),
});
export type ManagedContent = z.output<typeof managedContentSchema>;

/** One audit line: who did what to which item (or image), at which version, and the item after the change. */
export const contentAuditEntrySchema = z.strictObject({
  contentId: z.string(),
  action: z.enum(CONTENT_AUDIT_ACTIONS),
  by: z.string(),
  version: z.int(),
  at: opsTimeField,
  detail: z.union([
    /** Every action but 'image': the item's title, stored state (scheduled is 'published' with a later publishAt) and publishAt. */
    z.strictObject({ title: z.string(), publishAt: z.nullable(opsTimeField), state: z.enum(['draft', 'published', 'unpublished']) }),
    /** 'image': the stored image's size (contentId is the image's id). */
    z.strictObject({ bytes: z.int(), width: z.int(), height: z.int() }),
  ]),
});
export type ContentAuditEntry = z.output<typeof contentAuditEntrySchema>;

/** GET: every item (newest first, at most 100), of one kind if `kind` is given, and the 50 newest audit lines. */
export const opsContentList = defineOpsEndpoint({
  method: 'GET',
  path: OPS_PATH.content,
  request: z.strictObject({ kind: z.optional(kind) }),
  response: z.strictObject({ items: z.array(managedContentSchema), audit: z.array(contentAuditEntrySchema) }),
});

/** GET <id>: one item and its audit. */
export const opsContentGet = defineOpsEndpoint({
  method: 'GET',
  path: OPS_PATH.contentItem,
  request: z.strictObject({}),
  response: z.strictObject({ item: managedContentSchema, audit: z.array(contentAuditEntrySchema) }),
});

/** A new draft; the summary is made from the body when left out. `category` (required) and `order` (default 0): FAQ entries only. */
export const opsContentCreate = defineOpsEndpoint({
  method: 'POST',
  path: OPS_PATH.content,
  request: z.strictObject({
    kind,
    by: operatorField,
    title,
    body,
    summary: z.optional(summary),
    important: z.optional(z.boolean()),
    category: z.optional(category),
    order: z.optional(order),
  }),
  response: managedContentSchema,
});

/** Changes the fields given, if the item is still at `version` (else 409: someone else saved first). */
export const opsContentUpdate = defineOpsEndpoint({
  method: 'PUT',
  path: OPS_PATH.contentItem,
  request: z.strictObject({
    by: operatorField,
    version,
    title: z.optional(title),
    body: z.optional(body),
    summary: z.optional(summary),
    important: z.optional(z.boolean()),
    category: z.optional(category),
    order: z.optional(order),
  }),
  response: managedContentSchema,
});

/** Publishes now, or at `at` (a later time: scheduled). */
export const opsContentPublish = defineOpsEndpoint({
  method: 'POST',
  path: OPS_PATH.contentPublish,
  request: z.strictObject({ by: operatorField, at: z.optional(z.int().check(z.positive())) }),
  response: managedContentSchema,
});

export const opsContentUnpublish = defineOpsEndpoint({
  method: 'POST',
  path: OPS_PATH.contentUnpublish,
  request: z.strictObject({ by: operatorField }),
  response: managedContentSchema,
});

/** Exactly the HTML readers would get for `body` ('' for a blank one). */
export const opsContentPreview = defineOpsEndpoint({
  method: 'POST',
  path: OPS_PATH.contentPreview,
  request: z.strictObject({ body: z.string().check(z.maxLength(CONTENT_OPS_LIMITS.bodyChars)) }),
  response: z.strictObject({ html: z.string() }),
});
