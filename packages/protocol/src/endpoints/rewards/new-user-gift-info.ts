import * as z from 'zod/mini';
import { API_PATH } from '../../paths.js';
import { defineEndpoint } from '../define-endpoint.js';
import { GIFT_STATES, giftLineSchema } from './new-user-gift-fields.js';

/**
 * new-user-gift-info (session optional; not in SPEC §7): what /cloudSteward/index shows. `contents` is what
 * this account received when it claimed, otherwise the gift as it is offered now; `deadline` (ms) is the end
 * of the claim window (registration + `windowDays` days), null without a session (state needs-login);
 * `claimedAt` is set when this account claimed.
 */
export const newUserGiftInfo = defineEndpoint({
  path: API_PATH.newUserGiftInfo,
  request: z.strictObject({}),
  response: z.strictObject({
    state: z.enum(GIFT_STATES),
    contents: z.array(giftLineSchema),
    deadline: z.nullable(z.int()),
    windowDays: z.int(),
    claimedAt: z.nullable(z.int()),
    /** True when the same person claimed on another account (which one is never said). */
    claimedElsewhere: z.boolean(),
    /** How long credited points stay valid (POINTS_VALID_DAYS), for the rules. */
    pointsValidDays: z.int(),
  }),
});
