// The operators' content calls (docs/api.md "Content operations"): list, get, create, update, publish,
// unpublish and preview, plain JSON behind the admin token at OPS_PATH's content addresses.
import * as z from 'zod/mini';
import { CONTENT_OPS_LIMITS } from '../../content-ops.js';
import { OPS_PATH } from '../../ops-paths.js';
import { CONTENT_KINDS } from '../content/content-fields.js';
import { defineOpsEndpoint } from '../define-endpoint.js';
import { operatorField, opsTimeField } from './ops-fields.js';

export const CONTENT_STATUSES = ['draft', 'scheduled', 'published', 'unpublished'] as const;
export type ContentStatus = (typeof CONTENT_STATUSES)[number];
export const CONTENT_AUDIT_ACTIONS = ['create', 'edit', 'publish', 'schedule', 'unpublish', 'image'] as const;

const kind = z.enum(CONTENT_KINDS);
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

/** A new draft; the summary is made from the body when left out. */
export const opsContentCreate = defineOpsEndpoint({
  method: 'POST',
  path: OPS_PATH.content,
  request: z.strictObject({ kind, by: operatorField, title, body, summary: z.optional(summary), important: z.optional(z.boolean()) }),
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
