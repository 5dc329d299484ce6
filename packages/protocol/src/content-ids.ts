// The shape of an id of a notice, announcement, article or message (endpoints/content/content-fields.ts).
// A module of its own, apart from the operators' paths (content-ops.ts): consumer pages check ids with it,
// and nothing of the console may reach their chunks (e2e/bundle-budget.spec.ts).

/** A page given another string in its address knows without asking that there is no such item. */
export const CONTENT_ID_PATTERN = /^[A-Za-z0-9_-]{8,40}$/;
