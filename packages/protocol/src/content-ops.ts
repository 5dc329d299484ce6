// The operators' content API (docs/api.md "Content operations"), plain JSON behind the admin token like
// OPS_SUMMARY_PATH: GET <path>, GET/PUT <path>/<id>, POST <path>, <path>/<id>/publish, <path>/<id>/unpublish,
// <path>/preview. Articles' images are served from CONTENT_IMAGES_PATH/<id>.
export const OPS_CONTENT_PATH = '/ops/api/content';
export const CONTENT_IMAGES_PATH = '/content-images';

/**
 * The shape of an id of a notice, announcement, article or message (endpoints/content/content-fields.ts). A
 * page given another string in its address knows without asking that there is no such item.
 */
export const CONTENT_ID_PATTERN = /^[A-Za-z0-9_-]{8,40}$/;

/** Limits of the operators' content calls (endpoints/ops/content-ops.ts); the server's publishing checks the same. */
export const CONTENT_OPS_LIMITS = {
  /** Characters of a title. */
  titleChars: 100,
  /** Characters of a Markdown body. */
  bodyChars: 100_000,
  /** Characters of a list summary. */
  summaryChars: 200,
} as const;
