import * as z from 'zod/mini';
import { API_PATH } from '../../paths.js';
import { defineEndpoint } from '../define-endpoint.js';

/** end-other-sessions (session; not in SPEC §7): 下线其他所有设备; `ended` is how many were live (0 when none). */
export const endOtherSessions = defineEndpoint({
  path: API_PATH.endOtherSessions,
  request: z.strictObject({}),
  response: z.strictObject({ ended: z.int().check(z.minimum(0)) }),
});
