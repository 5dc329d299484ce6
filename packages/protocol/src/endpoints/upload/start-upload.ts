import * as z from 'zod/mini';
import { API_PATH } from '../../paths.js';
import { defineEndpoint } from '../define-endpoint.js';
import { uploadIdField, uploadPurposeField } from './upload-fields.js';

/**
 * upload-start (docs/protocol.md §14): a logged-in user announces a photo of `size` bytes for `purpose`.
 * The server's limit (8 MB by default) is checked here, before any part is sent (4401).
 */
export const startUpload = defineEndpoint({
  path: API_PATH.uploadStart,
  request: z.strictObject({
    purpose: uploadPurposeField,
    size: z.int().check(z.positive(), z.maximum(2 ** 31)),
  }),
  response: z.strictObject({
    uploadId: uploadIdField,
    /** Largest part, in raw bytes (UPLOAD_PART_MAX_BYTES). */
    partMaxBytes: z.int().check(z.positive()),
    /** When the upload is discarded unless a capability has used it (ms since the epoch). */
    expiresAt: z.int().check(z.positive()),
  }),
});
