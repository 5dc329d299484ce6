// Phone numbers at rest (docs/operations.md "Storage"): a keyed HMAC for lookup, so login finds a user without
// storing the number in the clear, plus AES-256-GCM ciphertext so the number can be shown masked again.
// A stolen database file alone reveals neither; both keys live outside it (keys.json or environment).
import { createHmac } from 'node:crypto';
import { createFieldCipher } from '../../lib/field-cipher.js';

/** The AAD of users.phone_enc (lib/field-cipher.ts). */
const PHONE_AAD = 'users.phone_enc';

export interface PhoneProtection {
  lookupHash(phone: string): string;
  encrypt(phone: string): string;
  decrypt(stored: string): string;
}

export function createPhoneProtection(keys: { phoneHashKey: string; dataKey: string }): PhoneProtection {
  const hashKey = Buffer.from(keys.phoneHashKey, 'base64url');
  // The data key itself (phone numbers came first; later kinds of data use keys derived from it).
  const cipher = createFieldCipher(Buffer.from(keys.dataKey, 'base64url'));
  return {
    lookupHash: (phone) => createHmac('sha256', hashKey).update(`phone:${phone}`, 'utf8').digest('hex'),
    encrypt: (phone) => cipher.encrypt(PHONE_AAD, Buffer.from(phone, 'utf8')),
    decrypt: (stored) => cipher.decrypt(PHONE_AAD, stored).toString('utf8'),
  };
}
