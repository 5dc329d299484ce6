// Identity data at rest (docs/api.md "Identity certification"; PIPL art. 28: ID numbers and face data are
// sensitive personal information): AES-256-GCM under a key derived from TYD_DATA_KEY for identities only,
// each ciphertext bound by its AAD to its column and account, so a value copied to another row or column
// does not open; and a keyed hash (HMAC-SHA256, key derived from TYD_PHONE_HASH_KEY) of the ID number for
// the unique index, so the database alone reveals no number and cannot be searched with a guessed one.
// Rules that hold once per real person elsewhere (rewards: the new-user gift, invitations) get the
// person's key: another keyed hash under a key of its own, so their tables cannot be joined to this one.
import { createHmac } from 'node:crypto';
import { deriveKey } from '../../lib/derived-keys.js';
import { createFieldCipher, decryptJson, encryptJson } from '../../lib/field-cipher.js';

export type IdentityColumn = 'portrait_enc' | 'emblem_enc' | 'identity_enc' | 'face_session_enc';

export interface IdentityCipher {
  encrypt(column: IdentityColumn, userId: string, value: unknown): string;
  decrypt<T>(column: IdentityColumn, userId: string, stored: string): T;
  idHash(idNumber: string): string;
  personKey(idNumber: string): string;
}

export function createIdentityCipher(keys: { dataKey: string; phoneHashKey: string }): IdentityCipher {
  const cipher = createFieldCipher(deriveKey(keys.dataKey, 'identities'));
  const hashKey = deriveKey(keys.phoneHashKey, 'identity-lookup');
  const personHashKey = deriveKey(keys.phoneHashKey, 'identity-person');
  const aad = (column: IdentityColumn, userId: string) => `identities.${column}\n${userId}`;
  return {
    encrypt: (column, userId, value) => encryptJson(cipher, aad(column, userId), value),
    decrypt: <T>(column: IdentityColumn, userId: string, stored: string): T => decryptJson<T>(cipher, aad(column, userId), stored),
    idHash: (idNumber) => createHmac('sha256', hashKey).update(`id:${idNumber}`, 'utf8').digest('hex'),
    personKey: (idNumber) => createHmac('sha256', personHashKey).update(`person:${idNumber}`, 'utf8').digest('hex'),
  };
}
