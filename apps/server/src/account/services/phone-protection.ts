// Phone numbers at rest (docs/operations.md "Storage"): a keyed HMAC for lookup, so login finds a user without
// storing the number in the clear, plus AES-256-GCM ciphertext so the number can be shown masked again.
// A stolen database file alone reveals neither; both keys live outside it (keys.json or environment).
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

const VERSION = 'v1';

export interface PhoneProtection {
  lookupHash(phone: string): string;
  encrypt(phone: string): string;
  decrypt(stored: string): string;
}

export function createPhoneProtection(keys: { phoneHashKey: string; dataKey: string }): PhoneProtection {
  const hashKey = Buffer.from(keys.phoneHashKey, 'base64url');
  const dataKey = Buffer.from(keys.dataKey, 'base64url');
  if (dataKey.length !== 32) throw new Error('dataKey must be 32 bytes');
  return {
    lookupHash: (phone) => createHmac('sha256', hashKey).update(`phone:${phone}`, 'utf8').digest('hex'),
    encrypt(phone) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', dataKey, iv);
      // AAD names the field, so a ciphertext copied into another column does not decrypt.
      cipher.setAAD(Buffer.from('users.phone_enc'));
      const ct = Buffer.concat([cipher.update(phone, 'utf8'), cipher.final(), cipher.getAuthTag()]);
      return `${VERSION}.${iv.toString('base64url')}.${ct.toString('base64url')}`;
    },
    decrypt(stored) {
      const [version, ivText, ctText] = stored.split('.');
      if (version !== VERSION || !ivText || !ctText) throw new Error('unknown phone ciphertext format');
      const ct = Buffer.from(ctText, 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', dataKey, Buffer.from(ivText, 'base64url'));
      decipher.setAAD(Buffer.from('users.phone_enc'));
      decipher.setAuthTag(ct.subarray(ct.length - 16));
      return Buffer.concat([decipher.update(ct.subarray(0, ct.length - 16)), decipher.final()]).toString('utf8');
    },
  };
}
