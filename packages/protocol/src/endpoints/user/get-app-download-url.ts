import * as z from 'zod/mini';
import { defineEndpoint } from '../define-endpoint.js';
import { API_PATH } from '../../paths.js';

/** An https link, or null where that platform has no download configured. */
const downloadLink = z.nullable(z.string().check(z.regex(/^https:\/\/[^\s]{1,2040}$/)));

/**
 * getAppDownloadUrl (SPEC §7, the /download page of SPEC §1-§2): where to get the native app, per
 * platform. No session needed. Links are https only: an app package fetched over plain http could be
 * swapped on the way.
 */
export const getAppDownloadUrl = defineEndpoint({
  path: API_PATH.getAppDownloadUrl,
  request: z.strictObject({}),
  response: z.strictObject({ androidUrl: downloadLink, iosUrl: downloadLink }),
});
