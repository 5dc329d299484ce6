// The sandbox bank (docs/sandbox.md): nothing leaves the machine. Outcomes by the card number's first
// 8 digits (62000000 mismatch, 62000001 frozen, 62000002 lost, 62000003 expired, 62000004 no
// card-not-present payments, 62000009 an outage), the phone 13900000000 (not the card's), an ID number
// with sequence code 994 (not the holder's: a sequence that passes the face check, so a verified identity
// can carry it) and a card number failing the Luhn check; anything else is verified.
import { isLuhnValid } from '@tyd/protocol';
import { ProviderUnavailable } from '../provider-error.js';
import { SANDBOX_CARD_PREFIX, SANDBOX_ID_SEQUENCE, SANDBOX_WRONG_PHONE, idSequence } from '../sandbox-magic.js';
import type { BankCardProvider, BankCardResult } from './bank-card-provider.js';

const UNUSABLE = new Map<string, Extract<BankCardResult, { outcome: 'unusable' }>['reason']>([
  [SANDBOX_CARD_PREFIX.frozen, 'frozen'],
  [SANDBOX_CARD_PREFIX.lost, 'lost'],
  [SANDBOX_CARD_PREFIX.expired, 'expired'],
  [SANDBOX_CARD_PREFIX.noCardNotPresent, 'no-card-not-present'],
]);

export function createSandboxBankCardProvider(): BankCardProvider {
  return {
    name: 'sandbox',
    async verifyFourElements({ idNumber, cardNumber, phone }): Promise<BankCardResult> {
      const prefix = cardNumber.slice(0, 8);
      if (prefix === SANDBOX_CARD_PREFIX.unavailable) throw new ProviderUnavailable('bank-card', 'vendor-error', 'sandbox outage (prefix 62000009)');
      if (!isLuhnValid(cardNumber)) return { outcome: 'mismatch', field: 'card-number' };
      if (prefix === SANDBOX_CARD_PREFIX.mismatch) return { outcome: 'mismatch', field: 'holder' };
      const unusable = UNUSABLE.get(prefix);
      if (unusable) return { outcome: 'unusable', reason: unusable };
      if (phone === SANDBOX_WRONG_PHONE) return { outcome: 'mismatch', field: 'phone' };
      if (idSequence(idNumber) === SANDBOX_ID_SEQUENCE.cardIdNumberMismatch) return { outcome: 'mismatch', field: 'id-number' };
      return { outcome: 'verified' };
    },
  };
}
