import * as z from 'zod/mini';
import { API_PATH } from '../../paths.js';
import { defineEndpoint } from '../define-endpoint.js';
import { addressField, certificationInfoSchema, personNameField } from './identity-fields.js';

/**
 * certification (SPEC §7): the holder confirms what was read from both sides, correcting the name and
 * address where the OCR misread them (the ID number cannot be edited: a wrong one means a retake). The
 * server checks the number again (GB 11643-1999, birth date, age limits, validity) and claims the identity
 * for this account: one identity per account, one account per identity (4605).
 */
export const certification = defineEndpoint({
  path: API_PATH.certification,
  request: z.strictObject({ name: personNameField, address: addressField }),
  response: certificationInfoSchema,
});
