// Purpose-bound keys derived from the configured secrets with HKDF-SHA256 (RFC 5869 §3.3: one input key,
// distinct `info` per use), so they add no secret to manage and no two uses share a key.
// Rotating the source secret rotates what is derived from it (see docs/operations.md).
import { hkdfSync } from 'node:crypto';

export type DerivedKeyPurpose =
  | 'sms-code-mac'
  | 'device-cookie'
  | 'sms-owner-device'
  | 'pow-challenge'
  | 'pow-key'
  | 'retained-records'
  | 'retained-subject'
  | 'uploads'
  | 'identities'
  | 'identity-lookup'
  | 'message-dedupe'
  | 'bank-cards'
  | 'bank-card-lookup'
  | 'identity-person'
  | 'redeem-codes'
  | 'list-cursor'
  | 'operator-totp'
  | 'ops-approval-result'
  | 'key-check';

export function deriveKey(secret: string, purpose: DerivedKeyPurpose): Buffer {
  return Buffer.from(hkdfSync('sha256', Buffer.from(secret, 'base64url'), Buffer.alloc(0), `tyd ${purpose} v1`, 32));
}
