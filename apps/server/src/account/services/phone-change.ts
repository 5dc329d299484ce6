// Moving an account to another number (validateSmsCode -> verify-phone, savePhone -> save-phone):
// first the user proves they hold the current phone (code of purpose 'verify-phone', answered with a
// one-time ticket), then that they hold the new one (code of purpose 'change-phone').
import { createHash, randomBytes } from 'node:crypto';
import { CODE, SUBCODE, maskPhone } from '@tyd/protocol';
import { ApiError } from '../../http/api-error.js';
import type { User } from '../repositories/users-repository.js';
import type { Accounts } from '../account-module.js';
import { requireMainlandMobile } from './login.js';
import { claimUntil } from './kv-records.js';
import type { SmsDevice } from './sms-requester.js';
import { phoneChangedMessage } from './sign-in-notices.js';

export const VERIFY_TICKET_TTL_MS = 10 * 60_000;
const ticketKey = (ticket: string) => `ticket:${createHash('sha256').update(ticket).digest('hex')}`;

/** What the phone change works with. */
export type PhoneChangeDeps = Pick<Accounts, 'kv' | 'outbox' | 'phones' | 'smsCodes' | 'smsOwners' | 'flushDeletions'> & {
  repos: Pick<Accounts['repos'], 'users' | 'authorizationCodes'>;
};

export async function verifyCurrentPhone(
  deps: Omit<PhoneChangeDeps, 'repos' | 'flushDeletions' | 'smsOwners'>,
  user: User,
  smsCode: string,
  now: number,
): Promise<{ verifyTicket: string; expiresInSeconds: number }> {
  // The session's own phone: the owner's limits; the new number is not (yet) the session's (sms-requester.ts).
  const verified = await deps.smsCodes.verify(deps.phones.lookupHash(user.phone), 'verify-phone', smsCode, now, 'owner');
  await verified.consume();
  const verifyTicket = randomBytes(32).toString('base64url');
  // Only the ticket's hash is a key; the value binds it to the user and its expiry.
  await deps.kv.setIfAbsent(ticketKey(verifyTicket), JSON.stringify({ userId: user.id, expiresAt: now + VERIFY_TICKET_TTL_MS }), VERIFY_TICKET_TTL_MS + 60_000);
  return { verifyTicket, expiresInSeconds: VERIFY_TICKET_TTL_MS / 1000 };
}

export async function changePhone(
  deps: PhoneChangeDeps,
  user: User,
  input: { phone: string; smsCode: string; verifyTicket: string; device: SmsDevice },
  now: number,
): Promise<{ phone: string }> {
  const text = await deps.kv.get(ticketKey(input.verifyTicket));
  const ticket = text ? (JSON.parse(text) as { userId: string; expiresAt: number }) : undefined;
  if (!ticket || ticket.userId !== user.id || ticket.expiresAt <= now) throw new ApiError(CODE.FORBIDDEN, SUBCODE.VERIFY_TICKET_INVALID);
  const phone = requireMainlandMobile(input.phone);
  const phoneKey = deps.phones.lookupHash(phone);
  // The bucket sms-send-v1 stored the code under: the new number is not the session's (sms-requester.ts).
  const bucket = await deps.smsOwners.bucket({ phoneKey, sessionPhoneKey: deps.phones.lookupHash(user.phone), device: input.device, now });
  const verified = await deps.smsCodes.verify(phoneKey, 'change-phone', input.smsCode, now, bucket);
  const owner = await deps.repos.users.findByPhone(phone);
  if (owner && owner.id !== user.id) throw new ApiError(CODE.CONFLICT, SUBCODE.PHONE_TAKEN);
  if ((await claimUntil(deps.kv, `${ticketKey(input.verifyTicket)}:used`, now, ticket.expiresAt)) !== undefined) {
    throw new ApiError(CODE.FORBIDDEN, SUBCODE.VERIFY_TICKET_INVALID);
  }
  await verified.consume();
  // The device proved possession of the new number: its owner's from now on (sms-requester.ts).
  await deps.smsOwners.remember(phoneKey, input.device, now);
  await deps.kv.delete(ticketKey(input.verifyTicket));
  // The security message is written with the change (the outbox): it reaches the account even if its first
  // delivery fails.
  await deps.outbox.transaction(async (trx, emit) => {
    if (!owner) await deps.repos.users.updatePhone(user.id, phone, now, trx);
    // A code minted before the move stood for the account as it was; the app mints a new one if it needs one.
    await deps.repos.authorizationCodes.deleteUnused(user.id, trx);
    await emit('message', phoneChangedMessage(maskPhone(phone), now), user.id);
  });
  // The old number's ciphertext and hash must not linger in the database files (operations.md "Erasure").
  if (!owner) await deps.flushDeletions();
  return { phone: maskPhone(phone) };
}
