import * as z from 'zod/mini';
import { API_PATH } from '../../paths.js';
import { defineEndpoint } from '../define-endpoint.js';
import { exportIdField, requestDataExportFields } from './privacy-fields.js';

/**
 * request-data-export (session; not in SPEC §7): a copy of one's personal information (PIPL art. 45), after a
 * fresh SMS code of purpose 'export-data' to the account's phone. The answer names an export that only this
 * session can fetch, once, before `expiresAt`; 429/4241 when the day's copies are used up.
 */
export const requestDataExport = defineEndpoint({
  path: API_PATH.requestDataExport,
  request: z.strictObject(requestDataExportFields),
  response: z.strictObject({ exportId: exportIdField, expiresAt: z.int(), leftToday: z.int().check(z.gte(0)) }),
});
