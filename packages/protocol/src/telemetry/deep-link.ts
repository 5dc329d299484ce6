// Deep-link parameter lookup (SPEC §7: a GET with key, system_type and project; the client waits at least
// DEEP_LINK_MIN_TIMEOUT_MS and falls back to the default page on any failure). Not a sealed product call:
// a GET under /tydApi outside /v1, answered in plaintext ApiResponse JSON.
import * as z from 'zod/mini';
import { TELEMETRY_PROJECT } from './telemetry-constants.js';

export const DEEP_LINK_PATH = '/tydApi/deep-link/params';
export const DEEP_LINK_SYSTEM_TYPES = ['android', 'ios', 'h5'] as const;
export type DeepLinkSystemType = (typeof DEEP_LINK_SYSTEM_TYPES)[number];
/** Largest stored parameter object, compact JSON in UTF-8 bytes. */
export const MAX_DEEP_LINK_PARAMS_BYTES = 4_096;
export const DEEP_LINK_KEY_PATTERN = /^[A-Za-z0-9_.-]{1,64}$/;
export const DEEP_LINK_PROJECT_PATTERN = /^[A-Za-z0-9_-]{1,32}$/;

/** The query string, exactly these three parameters once each. `project` is `production` from the web (SPEC §7). */
export const deepLinkQuerySchema = z.strictObject({
  key: z.string().check(z.regex(DEEP_LINK_KEY_PATTERN)),
  system_type: z.enum(DEEP_LINK_SYSTEM_TYPES),
  project: z._default(z.string().check(z.regex(DEEP_LINK_PROJECT_PATTERN)), TELEMETRY_PROJECT),
});
export type DeepLinkQuery = z.input<typeof deepLinkQuerySchema>;

/** `data` of a code '200' answer: the parameters stored for the key, as the admin set them (a JSON object). */
export const deepLinkParamsSchema = z.record(z.string(), z.unknown());
export type DeepLinkParams = z.output<typeof deepLinkParamsSchema>;
