import * as z from 'zod/mini';
import { API_PATH } from '../../paths.js';
import { defineEndpoint } from '../define-endpoint.js';
import { uploadIdField, uploadPartBytesField } from './upload-fields.js';

/** upload-part (docs/protocol.md §14): the next part, in order from 0; a part at another index is 409/4407. */
export const uploadPart = defineEndpoint({
  path: API_PATH.uploadPart,
  request: z.strictObject({
    uploadId: uploadIdField,
    index: z.int().check(z.minimum(0), z.maximum(100_000)),
    bytes: uploadPartBytesField,
  }),
  response: z.strictObject({
    /** The index the server expects next (index + 1). */
    nextIndex: z.int().check(z.positive()),
    /** Raw bytes received so far. */
    receivedBytes: z.int().check(z.positive()),
  }),
});
