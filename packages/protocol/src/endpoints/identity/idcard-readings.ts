import * as z from 'zod/mini';
import { API_PATH } from '../../paths.js';
import { defineEndpoint } from '../define-endpoint.js';
import { emblemReading, portraitReading } from './idcard-ocr.js';
import { identityStateField } from './identity-fields.js';

/**
 * idcard-readings (not in SPEC §7's list; docs/api.md "Identity certification"): the sides idcard-ocr read and
 * the server keeps, in idcard-ocr's own shapes (warnings are not kept: always empty), so the check step of
 * /identity/idcard survives a reload. Only before certification (states not-started and documents-read);
 * afterwards both are null: the identity is confirmed and shown masked.
 */
export const idcardReadings = defineEndpoint({
  path: API_PATH.idcardReadings,
  request: z.strictObject({}),
  response: z.strictObject({
    state: identityStateField,
    portrait: z.nullable(portraitReading()),
    emblem: z.nullable(emblemReading()),
  }),
});
