// The operators' content API (docs/api.md "Content operations"), plain JSON behind the admin token like
// OPS_SUMMARY_PATH: GET <path>, GET/PUT <path>/<id>, POST <path>, <path>/<id>/publish, <path>/<id>/unpublish,
// <path>/preview. Articles' images are served from CONTENT_IMAGES_PATH/<id>.
export const OPS_CONTENT_PATH = '/ops/api/content';
export const CONTENT_IMAGES_PATH = '/content-images';

/** Limits of the operators' content calls (endpoints/ops/content-ops.ts); the server's publishing checks the same. */
export const CONTENT_OPS_LIMITS = {
  /** Characters of a title. */
  titleChars: 100,
  /** Characters of a Markdown body. */
  bodyChars: 100_000,
  /** Characters of a list summary. */
  summaryChars: 200,
} as const;
