import * as z from 'zod/mini';
import { API_PATH } from '../../paths.js';
import { defineEndpoint } from '../define-endpoint.js';
import { exportIdField, personalDataExportSchema } from './privacy-fields.js';

/**
 * download-data-export (session; not in SPEC §7): the copy itself, built now from what the account holds and
 * handed out once. An id that is not this session's answers 404/4242 like one that never existed; expired
 * 400/4243; fetched already 400/4244.
 */
export const downloadDataExport = defineEndpoint({
  path: API_PATH.downloadDataExport,
  request: z.strictObject({ exportId: exportIdField }),
  response: personalDataExportSchema,
});
