// Photos at rest (docs/operations.md "Storage", PIPL art. 28: ID card images are sensitive personal information):
// AES-256-GCM under a key derived from TYD_DATA_KEY for uploads only (lib/derived-keys.ts), each ciphertext
// bound by its AAD to the row and part it belongs to, so a ciphertext copied elsewhere does not open.
// Stored as text "v1.<iv>.<ciphertext+tag>" (base64url), like users.phone_enc, so both engines keep it
// in a plain text column.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { deriveKey } from '../lib/derived-keys.js';

const VERSION = 'v1';

export interface UploadCipher {
  encrypt(aad: string, bytes: Buffer): string;
  decrypt(aad: string, stored: string): Buffer;
}

export const partAad = (uploadId: string, index: number) => `upload_parts.bytes_enc\n${uploadId}\n${index}`;
export const contentAad = (uploadId: string) => `uploads.content_enc\n${uploadId}`;

export function createUploadCipher(dataKey: string): UploadCipher {
  const key = deriveKey(dataKey, 'uploads');
  return {
    encrypt(aad, bytes) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(aad));
      const ct = Buffer.concat([cipher.update(bytes), cipher.final(), cipher.getAuthTag()]);
      return `${VERSION}.${iv.toString('base64url')}.${ct.toString('base64url')}`;
    },
    decrypt(aad, stored) {
      const [version, ivText, ctText] = stored.split('.');
      if (version !== VERSION || !ivText || !ctText) throw new Error('unknown upload ciphertext format');
      const ct = Buffer.from(ctText, 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(ivText, 'base64url'));
      decipher.setAAD(Buffer.from(aad));
      decipher.setAuthTag(ct.subarray(ct.length - 16));
      return Buffer.concat([decipher.update(ct.subarray(0, ct.length - 16)), decipher.final()]);
    },
  };
}
