// Card numbers at rest (docs/api.md "Bank cards"; PIPL art. 28: financial accounts are sensitive personal
// information): AES-256-GCM under a key derived from TYD_DATA_KEY for bank cards only, each ciphertext
// bound by its AAD to what it is stored for (a card row of one account, or a bind ticket), so a value
// copied elsewhere does not open; and a keyed hash (HMAC-SHA256, key derived from TYD_PHONE_HASH_KEY) for
// the per-account unique index, so the database alone reveals no number and cannot be searched with a
// guessed one. Same construction as identity/services/identity-cipher.ts.
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { deriveKey } from '../../lib/derived-keys.js';

const VERSION = 'v1';

export interface CardCipher {
  /** `context` names where the value is kept, e.g. `bank_cards.card_enc\n<userId>`. */
  encrypt(context: string, value: string): string;
  decrypt(context: string, stored: string): string;
  cardHash(cardNumber: string): string;
}

export function createCardCipher(keys: { dataKey: string; phoneHashKey: string }): CardCipher {
  const key = deriveKey(keys.dataKey, 'bank-cards');
  const hashKey = deriveKey(keys.phoneHashKey, 'bank-card-lookup');
  return {
    encrypt(context, value) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(context));
      const ct = Buffer.concat([cipher.update(value, 'utf8'), cipher.final(), cipher.getAuthTag()]);
      return `${VERSION}.${iv.toString('base64url')}.${ct.toString('base64url')}`;
    },
    decrypt(context, stored) {
      const [version, ivText, ctText] = stored.split('.');
      if (version !== VERSION || !ivText || !ctText) throw new Error('unknown card ciphertext format');
      const ct = Buffer.from(ctText, 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(ivText, 'base64url'));
      decipher.setAAD(Buffer.from(context));
      decipher.setAuthTag(ct.subarray(ct.length - 16));
      return Buffer.concat([decipher.update(ct.subarray(0, ct.length - 16)), decipher.final()]).toString('utf8');
    },
    cardHash: (cardNumber) => createHmac('sha256', hashKey).update(`card:${cardNumber}`, 'utf8').digest('hex'),
  };
}
