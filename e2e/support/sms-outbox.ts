// Codes from the sandbox SMS outbox (docs/api.md "SMS providers"), for journeys that log in or
// deregister through the pages.
import { CODE } from '@tyd/protocol';
import { expect } from 'vitest';
import { outbox } from '../../apps/server/test/support/accounts';
import type { ApiResult } from '../../apps/server/test/support/api-client';

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

/**
 * Asks for a code with `send` until the number's resend cooldown lets the server send one (SMS_COOLDOWN_SECONDS;
 * docs/api.md "SMS code rules"), then expects it sent. A refusal for the cooldown ('406', reason cooldown) is
 * decided before anything is counted (apps/server/src/account/services/sms-sending.ts), so asking again
 * changes nothing: the wait ends when the server says the cooldown is over, not after a guessed time.
 */
export async function sendWhenCooledDown(send: () => Promise<ApiResult>, timeoutMs = 30_000): Promise<ApiResult> {
  // A plain loop, not expect.poll: journeys call this from their beforeAll too, outside any test.
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const result = await send();
    const { response } = result;
    const coolingDown = response?.code === CODE.RETRY_LATER && (response.data as { reason?: string } | undefined)?.reason === 'cooldown';
    if (!coolingDown) {
      expect(response?.code, JSON.stringify(response)).toBe(CODE.OK);
      return result;
    }
    if (Date.now() > deadline) throw new Error(`the resend cooldown did not end within ${timeoutMs} ms`);
    await new Promise((next) => setTimeout(next, 100));
  }
}
