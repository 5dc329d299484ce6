// Codes from the sandbox SMS outbox (docs/api.md "SMS providers"), for journeys that log in or
// deregister through the pages.
import { expect } from 'vitest';
import { outbox } from '../../apps/server/test/support/accounts';

/** The newest code of `purpose` sent to `phone` at or after `since` (ms), waiting for it to arrive. */
export async function codeFromOutbox(baseUrl: string, phone: string, purpose: string, since: number): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(async () => {
      found = (await outbox(baseUrl, phone)).find((m) => m.purpose === purpose && m.sentAt >= since)?.code;
      return found;
    })
    .toMatch(/^\d{6}$/);
  return found!;
}

/** How many codes of `purpose` went to `phone` at or after `since` (ms). */
export async function codesSent(baseUrl: string, phone: string, purpose: string, since: number): Promise<number> {
  return (await outbox(baseUrl, phone)).filter((m) => m.purpose === purpose && m.sentAt >= since).length;
}
