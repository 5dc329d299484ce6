import * as z from 'zod/mini';
import { API_PATH } from '../../paths.js';
import { defineEndpoint } from '../define-endpoint.js';
import { giftLineSchema } from './new-user-gift-fields.js';
import { idempotencyKeyField } from './reward-fields.js';

/**
 * claim-new-user-gift (session; not in SPEC §7): gives the gift once per verified person, in one
 * transaction. The account that claimed gets the same answer again with `repeated: true` (nothing more
 * given); `contents` is what was given.
 */
export const claimNewUserGift = defineEndpoint({
  path: API_PATH.claimNewUserGift,
  request: z.strictObject({ idempotencyKey: idempotencyKeyField }),
  response: z.strictObject({
    claimedAt: z.int(),
    contents: z.array(giftLineSchema),
    repeated: z.boolean(),
  }),
});
