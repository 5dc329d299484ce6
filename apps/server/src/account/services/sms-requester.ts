// Who asks for or types an SMS code, as far as the SMS limits are concerned (docs/api.md "SMS codes"). The
// per-phone limits (resend cooldown, daily cap, wrong-code lock) are kept in two separate buckets: one for
// the phone's owner, recognised by a valid session of that phone or by coming from the client address
// (IPv6 /64) that last proved possession of it, and one for everyone else. So a stranger who exhausts a
// number's limits (10 sends and 10 wrong codes from one address) blocks only other strangers, never the
// owner's own device; the brute-force guarantees still hold, since the "others" bucket is shared by every
// address an attacker can rotate through, and the owner's bucket is out of an attacker's reach.
import { createHash } from 'node:crypto';
import type { KvStore } from '../../kv/kv-store.js';
import { replace } from './kv-records.js';

export type SmsBucket = 'owner' | 'others';

/** How long an address stays the owner's after it proved possession of the phone. */
const OWNER_ADDRESS_TTL_MS = 30 * 24 * 60 * 60 * 1000;

const ownerKey = (phoneKey: string) => `sms:owner:${phoneKey}`;
// The address is kept hashed with the phone's key: the store names no address next to a phone.
const addressTag = (phoneKey: string, clientAddress: string) => createHash('sha256').update(`${phoneKey}\n${clientAddress}`, 'utf8').digest('base64url');

export async function smsBucket(kv: KvStore, input: { phoneKey: string; clientAddress: string; sessionPhoneKey: string | undefined }): Promise<SmsBucket> {
  if (input.sessionPhoneKey === input.phoneKey) return 'owner';
  return (await kv.get(ownerKey(input.phoneKey))) === addressTag(input.phoneKey, input.clientAddress) ? 'owner' : 'others';
}

/** After a correct code: this address is now the owner's (the last one that proved possession wins). */
export async function rememberOwnerAddress(kv: KvStore, phoneKey: string, clientAddress: string): Promise<void> {
  await replace(kv, ownerKey(phoneKey), addressTag(phoneKey, clientAddress), OWNER_ADDRESS_TTL_MS);
}
