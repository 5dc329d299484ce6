// What a deregistration keeps: the identity record the PRC Anti-Money Laundering Law (revised
// 2024, art. 40) requires for at least 10 years after the relationship ends, encrypted with AES-256-GCM
// under a key derived for this table only, bound to the record id (AAD), and findable only through an HMAC
// of the phone under its own derived key, which cannot be joined to users.phone_hash.
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import type { Secrets } from '../../config/index.js';
import { deriveKey } from '../../lib/derived-keys.js';

const VERSION = 'v1';

export interface RetainedAccount {
  phone: string;
  registeredAt: number;
  deregisteredAt: number;
  consents: Array<{ version: string; decision: string; decidedAt: number }>;
  invitedBy: string | null;
  /** The verified identity, when there was one (customer identification data, AML Law art. 40; docs/api.md "Identity certification"). */
  identity?: RetainedIdentity;
}

export interface RetainedIdentity {
  name: string;
  idNumber: string;
  sex: string;
  ethnicity: string;
  birthDate: string;
  address: string;
  authority: string;
  validFrom: string;
  validTo: string;
  verifiedAt: number;
}

export interface RetainedRecordCrypto {
  subjectHash(phone: string): string;
  encrypt(id: string, record: RetainedAccount): string;
  decrypt(id: string, stored: string): RetainedAccount;
}

export function createRetainedRecordCrypto(secrets: Pick<Secrets, 'dataKey' | 'phoneHashKey'>): RetainedRecordCrypto {
  const key = deriveKey(secrets.dataKey, 'retained-records');
  const subjectKey = deriveKey(secrets.phoneHashKey, 'retained-subject');
  const aad = (id: string) => Buffer.from(`retained_records.payload_enc\n${id}`);
  return {
    subjectHash: (phone) => createHmac('sha256', subjectKey).update(`phone:${phone}`, 'utf8').digest('hex'),
    encrypt(id, record) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(aad(id));
      const ct = Buffer.concat([cipher.update(JSON.stringify(record), 'utf8'), cipher.final(), cipher.getAuthTag()]);
      return `${VERSION}.${iv.toString('base64url')}.${ct.toString('base64url')}`;
    },
    decrypt(id, stored) {
      const [version, ivText, ctText] = stored.split('.');
      if (version !== VERSION || !ivText || !ctText) throw new Error('unknown retained record format');
      const ct = Buffer.from(ctText, 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(ivText, 'base64url'));
      decipher.setAAD(aad(id));
      decipher.setAuthTag(ct.subarray(ct.length - 16));
      return JSON.parse(Buffer.concat([decipher.update(ct.subarray(0, ct.length - 16)), decipher.final()]).toString('utf8')) as RetainedAccount;
    },
  };
}
