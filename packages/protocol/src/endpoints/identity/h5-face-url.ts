import * as z from 'zod/mini';
import { API_PATH } from '../../paths.js';
import { defineEndpoint } from '../define-endpoint.js';

/**
 * h5-face-url (SPEC §7): starts a face check for the confirmed identity and answers the provider's H5
 * address; the provider sends the user back to our own return page (a fixed path of this site, never an
 * address from the request). Each call is one of the day's tries (4607 when they are used up).
 */
export const h5FaceUrl = defineEndpoint({
  path: API_PATH.h5FaceUrl,
  request: z.strictObject({}),
  response: z.strictObject({
    /** The vendor's https address, or a path of this site (the sandbox's page). */
    url: z.string().check(z.maxLength(2048), z.regex(/^(https:\/\/[^\s]+|\/(?![/\\])[^\s]*)$/)),
    /** After this the session is abandoned (ms since the epoch). */
    expiresAt: z.int().check(z.positive()),
    faceTriesLeft: z.int().check(z.gte(0)),
  }),
});
