import * as z from 'zod/mini';
import { API_PATH } from '../../paths.js';
import { defineEndpoint } from '../define-endpoint.js';
import { bankSchema } from './bank-card-fields.js';

/** bank-listnew (SPEC §7, session): the banks a card can be bound of now, with card types, mark and limits (the bind page). */
export const bankListNew = defineEndpoint({
  path: API_PATH.bankListNew,
  request: z.strictObject({}),
  response: z.strictObject({ banks: z.array(bankSchema) }),
});

/** bank-list (SPEC §7, session): the legacy list, code and name only, of the same banks. */
export const bankList = defineEndpoint({
  path: API_PATH.bankList,
  request: z.strictObject({}),
  response: z.strictObject({ banks: z.array(z.strictObject({ code: z.string(), name: z.string() })) }),
});
