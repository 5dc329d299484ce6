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
export async function sendWhenCooledDown(send: () => Promise<ApiResult>): Promise<ApiResult> {
  let result: ApiResult | undefined;
  await expect
    .poll(
      async () => {
        result = await send();
        const { response } = result;
        return response?.code === CODE.RETRY_LATER && (response.data as { reason?: string } | undefined)?.reason === 'cooldown';
      },
      { interval: 100 },
    )
    .toBe(false);
  expect(result!.response?.code, JSON.stringify(result!.response)).toBe(CODE.OK);
  return result!;
}
