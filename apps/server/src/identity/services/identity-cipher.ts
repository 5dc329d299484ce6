// Identity data at rest (docs/api.md "Identity certification"; PIPL art. 28: ID numbers and face data are
// sensitive personal information): AES-256-GCM under a key derived from TYD_DATA_KEY for identities only,
// each ciphertext bound by its AAD to its column and account, so a value copied to another row or column
// does not open; and a keyed hash (HMAC-SHA256, key derived from TYD_PHONE_HASH_KEY) of the ID number for
// the unique index, so the database alone reveals no number and cannot be searched with a guessed one.
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { deriveKey } from '../../lib/derived-keys.js';

const VERSION = 'v1';

export type IdentityColumn = 'portrait_enc' | 'emblem_enc' | 'identity_enc' | 'face_session_enc';

export interface IdentityCipher {
  encrypt(column: IdentityColumn, userId: string, value: unknown): string;
  decrypt<T>(column: IdentityColumn, userId: string, stored: string): T;
  idHash(idNumber: string): string;
}

export function createIdentityCipher(keys: { dataKey: string; phoneHashKey: string }): IdentityCipher {
  const key = deriveKey(keys.dataKey, 'identities');
  const hashKey = deriveKey(keys.phoneHashKey, 'identity-lookup');
  const aad = (column: IdentityColumn, userId: string) => Buffer.from(`identities.${column}\n${userId}`);
  return {
    encrypt(column, userId, value) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(aad(column, userId));
      const ct = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final(), cipher.getAuthTag()]);
      return `${VERSION}.${iv.toString('base64url')}.${ct.toString('base64url')}`;
    },
    decrypt<T>(column: IdentityColumn, userId: string, stored: string): T {
      const [version, ivText, ctText] = stored.split('.');
      if (version !== VERSION || !ivText || !ctText) throw new Error('unknown identity ciphertext format');
      const ct = Buffer.from(ctText, 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(ivText, 'base64url'));
      decipher.setAAD(aad(column, userId));
      decipher.setAuthTag(ct.subarray(ct.length - 16));
      return JSON.parse(Buffer.concat([decipher.update(ct.subarray(0, ct.length - 16)), decipher.final()]).toString('utf8')) as T;
    },
    idHash: (idNumber) => createHmac('sha256', hashKey).update(`id:${idNumber}`, 'utf8').digest('hex'),
  };
}
