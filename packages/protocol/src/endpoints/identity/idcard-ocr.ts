import * as z from 'zod/mini';
import { API_PATH } from '../../paths.js';
import { uploadIdField } from '../upload/upload-fields.js';
import { defineEndpoint } from '../define-endpoint.js';
import { addressField, idCardSideField, idCardWarningsField, idNumberField, identityStateField, isoDateField, validToField } from './identity-fields.js';

/**
 * idcard-ocr (SPEC §7): reads one side of the ID card from a finished upload of the matching purpose
 * (idcard-portrait / idcard-emblem, docs/protocol.md §14). The portrait side answers the holder's fields
 * with the full ID number (the holder checks it against the card; it is masked everywhere after this),
 * the emblem side the issuing authority and validity. `state` is the certification state afterwards.
 */
export const idcardOcr = defineEndpoint({
  path: API_PATH.idcardOcr,
  request: z.strictObject({ uploadId: uploadIdField, side: idCardSideField }),
  response: z.discriminatedUnion('side', [portraitReading(), emblemReading()]),
});

/** What the portrait side reads as (idcard-ocr, idcard-readings). */
export function portraitReading() {
  return z.strictObject({
    side: z.literal('portrait'),
    state: identityStateField,
    name: z.string().check(z.minLength(1), z.maxLength(40)),
    sex: z.enum(['男', '女']),
    ethnicity: z.string().check(z.maxLength(20)),
    birthDate: isoDateField,
    address: z.union([addressField, z.literal('')]),
    idNumber: idNumberField,
    warnings: idCardWarningsField,
  });
}

/** What the emblem side reads as (idcard-ocr, idcard-readings). */
export function emblemReading() {
  return z.strictObject({
    side: z.literal('emblem'),
    state: identityStateField,
    authority: z.string().check(z.minLength(1), z.maxLength(60)),
    validFrom: isoDateField,
    validTo: validToField,
    warnings: idCardWarningsField,
  });
}
