// Bank card four-element verification (bank card binding, SPEC §1): holder name, ID number, card number
// and the phone the bank has. The provider answers verified, a mismatch (the details do not belong
// together: 4505) or a card that exists but cannot be used (frozen, lost, expired...: 4506).
import { CODE, SUBCODE } from '@tyd/protocol';
import { ApiError } from '../../http/api-error.js';
import type { ProviderMode } from '../provider-mode.js';

export interface BankCardFourElements {
  name: string;
  idNumber: string;
  cardNumber: string;
  phone: string;
}

export type BankCardMismatch = 'holder' | 'name' | 'id-number' | 'card-number' | 'phone';
export type BankCardUnusable = 'frozen' | 'lost' | 'expired' | 'restricted' | 'no-card-not-present';

export type BankCardResult = { outcome: 'verified' } | { outcome: 'mismatch'; field: BankCardMismatch } | { outcome: 'unusable'; reason: BankCardUnusable };

export interface BankCardProvider {
  readonly name: ProviderMode;
  verifyFourElements(elements: BankCardFourElements): Promise<BankCardResult>;
}

export function bankCardRefusal(result: Exclude<BankCardResult, { outcome: 'verified' }>): ApiError {
  return new ApiError(CODE.BAD_REQUEST, result.outcome === 'mismatch' ? SUBCODE.BANK_CARD_MISMATCH : SUBCODE.BANK_CARD_UNUSABLE, { data: result });
}
