import * as z from 'zod/mini';
import { API_PATH } from '../../paths.js';
import { defineEndpoint } from '../define-endpoint.js';
import { uploadIdField, uploadPurposeField } from './upload-fields.js';

/**
 * upload-finish (docs/protocol.md §14): the SHA-256 of the whole photo as sent. The server checks it and the
 * size, then the image (type, dimensions, completeness), strips its metadata and stores it encrypted.
 */
export const finishUpload = defineEndpoint({
  path: API_PATH.uploadFinish,
  request: z.strictObject({
    uploadId: uploadIdField,
    sha256: z.string().check(z.regex(/^[0-9a-f]{64}$/)),
  }),
  response: z.strictObject({
    uploadId: uploadIdField,
    purpose: uploadPurposeField,
    contentType: z.enum(['image/jpeg', 'image/png']),
    width: z.int().check(z.positive()),
    height: z.int().check(z.positive()),
    /** Size of the stored image after its metadata was removed. */
    storedBytes: z.int().check(z.positive()),
    expiresAt: z.int().check(z.positive()),
  }),
});
