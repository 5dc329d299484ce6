import * as z from 'zod/mini';
import { NFC_POSITIONS } from '../../identity.js';
import { API_PATH } from '../../paths.js';
import { defineEndpoint } from '../define-endpoint.js';

/** A brand or model id: lower-case letters, digits and hyphens. */
export const phoneCatalogIdField = z.string().check(z.regex(/^[a-z0-9-]{1,40}$/));

/** phone-brand-list (SPEC §7, /nfc): the brands the NFC explainer knows, with where their antenna usually is. */
export const phoneBrandList = defineEndpoint({
  path: API_PATH.phoneBrandList,
  request: z.strictObject({}),
  response: z.strictObject({
    brands: z.array(
      z.strictObject({
        id: phoneCatalogIdField,
        name: z.string().check(z.minLength(1), z.maxLength(40)),
        /** Where most of this brand's phones have it. */
        usualPosition: z.enum(NFC_POSITIONS),
      }),
    ),
  }),
});

/** phone-type-list (SPEC §7, /nfc): the models of one brand and where each one's NFC antenna is. */
export const phoneTypeList = defineEndpoint({
  path: API_PATH.phoneTypeList,
  request: z.strictObject({ brandId: phoneCatalogIdField }),
  response: z.strictObject({
    brandId: phoneCatalogIdField,
    models: z.array(
      z.strictObject({
        id: phoneCatalogIdField,
        name: z.string().check(z.minLength(1), z.maxLength(60)),
        position: z.enum(NFC_POSITIONS),
        /** A short hint in Chinese (e.g. 摄像头下方). */
        hint: z.string().check(z.maxLength(80)),
        /** Whether the model has NFC at all. */
        hasNfc: z.boolean(),
        /** For foldables: where to hold the card folded or unfolded (e.g. 折叠屏：合上后贴在外屏一侧); null for other phones. */
        foldableNote: z.nullable(z.string().check(z.minLength(1), z.maxLength(80))),
      }),
    ),
  }),
});
