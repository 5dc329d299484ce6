import * as z from 'zod/mini';
import { API_PATH } from '../../paths.js';
import { defineEndpoint } from '../define-endpoint.js';
import { exportAllowanceSchema, personalInfoItemSchema } from './privacy-fields.js';

/**
 * personal-info-list (session; not in SPEC §7): 已收集个人信息清单 (MIIT 2021; PIPL art. 44), made from what the
 * database holds for the session's account: each kind with its purpose, where it was collected, when, and
 * the person's own value masked (未收集 when none). `export` says how many copies may still be asked for today.
 */
export const personalInfoList = defineEndpoint({
  path: API_PATH.personalInfoList,
  request: z.strictObject({}),
  response: z.strictObject({ items: z.array(personalInfoItemSchema), export: exportAllowanceSchema }),
});
