import * as z from 'zod/mini';
import { API_PATH } from '../../paths.js';
import { defineEndpoint } from '../define-endpoint.js';
import { sharingItemSchema } from './privacy-fields.js';

/**
 * third-party-sharing-list (session; not in SPEC §7): 与第三方共享个人信息清单 (MIIT 2021; PIPL art. 23), from
 * the configured providers: who receives what, why and how; a sandbox provider is said to send nothing.
 */
export const thirdPartySharingList = defineEndpoint({
  path: API_PATH.thirdPartySharingList,
  request: z.strictObject({}),
  response: z.strictObject({ items: z.array(sharingItemSchema) }),
});
