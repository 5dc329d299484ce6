// Who asks for or types an SMS code, as far as the SMS limits are concerned (docs/api.md "SMS code rules").
// The per-phone limits (the code itself, resend cooldown, daily cap, wrong-code lock) are kept in two
// separate buckets: one for the phone's owner and one for everyone else. The owner is recognised by a
// valid session of that phone, or by a device that proved possession of it with a correct login code:
// the browser's signed device cookie (http/device-cookie.ts) or a native app's x-device-id
// (docs/protocol.md §2). Never by the client address: mobile carriers put many users behind one address
// (CGNAT), so a stranger on the owner's carrier gateway would replace the owner's code and spend the
// owner's daily cap. A device id is only a key: it gives nothing until a correct code was typed from it,
// and only a keyed hash of it, bound to the phone's key, is stored. Brute force stays hopeless: the
// "others" bucket is shared by every address and device an attacker can rotate through.
import { createHmac } from 'node:crypto';
import type { KvStore } from '../../kv/kv-store.js';
import { activeUntil, replace } from './kv-records.js';

export type SmsBucket = 'owner' | 'others';

/** The device ids a request carries (either may be missing). */
export interface SmsDevice {
  /** The id of a genuine device cookie (its MAC checked). */
  cookieId: string | undefined;
  /** A native app's x-device-id (its format checked; its truth cannot be). */
  nativeId: string | undefined;
}

export const NO_DEVICE: SmsDevice = { cookieId: undefined, nativeId: undefined };

export interface SmsOwners {
  /** 'owner' for a session of the phone or a device remembered for it, else 'others'. */
  bucket(input: { phoneKey: string; sessionPhoneKey: string | undefined; device: SmsDevice; now: number }): Promise<SmsBucket>;
  /** After a correct code: the request's devices are the owner's for OWNER_DEVICE_TTL_MS. */
  remember(phoneKey: string, device: SmsDevice, now: number): Promise<void>;
}

/** How long a device stays the owner's after it last proved possession of the phone. */
export const OWNER_DEVICE_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** `tagKey`: deriveKey(cookieSecret, 'sms-owner-device'); the store names neither the device nor the phone. */
export function createSmsOwners(opts: { kv: KvStore; tagKey: Buffer }): SmsOwners {
  const { kv } = opts;
  const ids = (device: SmsDevice) =>
    [device.cookieId && `cookie:${device.cookieId}`, device.nativeId && `native:${device.nativeId}`].filter((id): id is string => Boolean(id));
  const ownerKey = (phoneKey: string, id: string) =>
    `sms:owner:${phoneKey}:${createHmac('sha256', opts.tagKey).update(`${phoneKey}\n${id}`, 'utf8').digest('base64url')}`;
  return {
    async bucket({ phoneKey, sessionPhoneKey, device, now }) {
      if (sessionPhoneKey === phoneKey) return 'owner';
      for (const id of ids(device)) if ((await activeUntil(kv, ownerKey(phoneKey, id), now)) !== undefined) return 'owner';
      return 'others';
    },
    async remember(phoneKey, device, now) {
      for (const id of ids(device)) await replace(kv, ownerKey(phoneKey, id), String(now + OWNER_DEVICE_TTL_MS), OWNER_DEVICE_TTL_MS + 60_000);
    },
  };
}
