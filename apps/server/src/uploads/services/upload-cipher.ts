// Photos at rest (docs/operations.md "Storage", PIPL art. 28: ID card images are sensitive personal information):
// AES-256-GCM under a key derived from TYD_DATA_KEY for uploads only (lib/derived-keys.ts), each ciphertext
// bound by its AAD to the row and part it belongs to, so a ciphertext copied elsewhere does not open.
// Stored as lib/field-cipher.ts says.
import { deriveKey } from '../../lib/derived-keys.js';
import { createFieldCipher, type FieldCipher } from '../../lib/field-cipher.js';

export type UploadCipher = FieldCipher;

export const partAad = (uploadId: string, index: number) => `upload_parts.bytes_enc\n${uploadId}\n${index}`;
export const contentAad = (uploadId: string) => `uploads.content_enc\n${uploadId}`;

export function createUploadCipher(dataKey: string): UploadCipher {
  return createFieldCipher(deriveKey(dataKey, 'uploads'));
}
