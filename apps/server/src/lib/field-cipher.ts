// Values at rest (docs/operations.md "Storage"): AES-256-GCM with a fresh 96-bit IV per value, stored as
// text "v1.<iv>.<ciphertext+tag>" (base64url) so both engines keep it in a plain text column. The AAD names
// the column and the row a value belongs to, so a ciphertext copied to another row or column does not
// open. Each kind of data has its own key, derived from TYD_DATA_KEY (derived-keys.ts).
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const TAG_BYTES = 16;

export interface FieldCipher {
  encrypt(aad: string, plaintext: Buffer): string;
  /** Throws when the value is not one this key sealed under this AAD. */
  decrypt(aad: string, stored: string): Buffer;
}

export function createFieldCipher(key: Buffer): FieldCipher {
  if (key.length !== 32) throw new Error('an AES-256 key is 32 bytes');
  return {
    encrypt(aad, plaintext) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(aad, 'utf8'));
      const sealed = Buffer.concat([cipher.update(plaintext), cipher.final(), cipher.getAuthTag()]);
      return `${VERSION}.${iv.toString('base64url')}.${sealed.toString('base64url')}`;
    },
    decrypt(aad, stored) {
      const [version, ivText, sealedText, ...rest] = stored.split('.');
      if (version !== VERSION || !ivText || !sealedText || rest.length > 0) throw new Error('unknown ciphertext format');
      const sealed = Buffer.from(sealedText, 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(ivText, 'base64url'));
      decipher.setAAD(Buffer.from(aad, 'utf8'));
      decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
      return Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - TAG_BYTES)), decipher.final()]);
    },
  };
}

/** JSON values through a field cipher. */
export const encryptJson = (cipher: FieldCipher, aad: string, value: unknown): string => cipher.encrypt(aad, Buffer.from(JSON.stringify(value), 'utf8'));
export const decryptJson = <T>(cipher: FieldCipher, aad: string, stored: string): T => JSON.parse(cipher.decrypt(aad, stored).toString('utf8')) as T;
