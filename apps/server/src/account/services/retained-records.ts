// What a deregistration keeps: the identity record the PRC Anti-Money Laundering Law (revised
// 2024, art. 40) requires for at least 10 years after the relationship ends, encrypted with AES-256-GCM
// under a key derived for this table only, bound to the record id (AAD), and findable only through an HMAC
// of the phone under its own derived key, which cannot be joined to users.phone_hash.
import { createHmac } from 'node:crypto';
import type { Secrets } from '../../config/index.js';
import { deriveKey } from '../../lib/derived-keys.js';
import { createFieldCipher, decryptJson, encryptJson } from '../../lib/field-cipher.js';

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
  const cipher = createFieldCipher(deriveKey(secrets.dataKey, 'retained-records'));
  const subjectKey = deriveKey(secrets.phoneHashKey, 'retained-subject');
  const aad = (id: string) => `retained_records.payload_enc\n${id}`;
  return {
    subjectHash: (phone) => createHmac('sha256', subjectKey).update(`phone:${phone}`, 'utf8').digest('hex'),
    encrypt: (id, record) => encryptJson(cipher, aad(id), record),
    decrypt: (id, stored) => decryptJson<RetainedAccount>(cipher, aad(id), stored),
  };
}
