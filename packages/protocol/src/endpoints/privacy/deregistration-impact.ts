import * as z from 'zod/mini';
import { API_PATH } from '../../paths.js';
import { defineEndpoint } from '../define-endpoint.js';

const count = z.int().check(z.gte(0));

/**
 * deregistration-impact (session; not in SPEC §7): what the session's own account loses if it is
 * deregistered now, for /mine/signOff to say before the person confirms (PIPL art. 47; docs/api.md
 * "Personal information"). `pointsBalance`: the points left in unexpired lots, as 我的积分 shows them;
 * `usableVouchers`: vouchers not yet expired (expired ones are not counted); `bankCards`: bound cards, all
 * unbound by deregistration; `openQuestions`: 在线客服 questions not yet answered; `identityVerified`: a verified
 * identity, whose certification ends with the account. Read only: asking changes nothing.
 */
export const deregistrationImpact = defineEndpoint({
  path: API_PATH.deregistrationImpact,
  request: z.strictObject({}),
  response: z.strictObject({
    pointsBalance: count,
    usableVouchers: count,
    bankCards: count,
    openQuestions: count,
    identityVerified: z.boolean(),
  }),
});
