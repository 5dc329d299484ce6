// What the bind page says under the card number as the user types (docs/api.md "Bank cards"): the bank and
// card type from the offline BIN table once 6 digits are in, a credit card refused at once, and the Luhn
// check only as a hint (the bank decides; some issuers' numbers do not follow it).
import { BANK_CARD_MAX, BANK_CARD_MIN, isLuhnValid, lookupCardBin, type BankInfo } from '@tyd/protocol/wire';

export type CardHint =
  | { kind: 'none' }
  | { kind: 'bank'; bank: BankInfo; complete: boolean; luhnDoubt: boolean }
  | { kind: 'credit'; bank: BankInfo }
  | { kind: 'unknown'; complete: boolean };

/** `digits`: the number without its spacing. */
export function describeCardInput(digits: string): CardHint {
  if (digits.length < 6) return { kind: 'none' };
  const complete = digits.length >= BANK_CARD_MIN && digits.length <= BANK_CARD_MAX;
  const found = lookupCardBin(digits);
  if (!found) return { kind: 'unknown', complete };
  if (found.cardType === 'credit') return { kind: 'credit', bank: found.bank };
  return { kind: 'bank', bank: found.bank, complete, luhnDoubt: complete && !isLuhnValid(digits) };
}

/** The line under the field, or '' for none. */
export function cardHintText(hint: CardHint): string {
  switch (hint.kind) {
    case 'none':
      return '';
    case 'credit':
      return `${hint.bank.name} · 信用卡：暂不支持信用卡，请使用借记卡（储蓄卡）`;
    case 'unknown':
      return hint.complete ? '未识别该卡号所属银行，请核对卡号或查看支持的银行' : '';
    case 'bank':
      return hint.luhnDoubt ? `${hint.bank.name} · 借记卡（卡号可能有误，请核对）` : `${hint.bank.name} · 借记卡`;
  }
}

/** Why the number cannot be sent yet, or undefined. */
export function cardNumberProblem(digits: string): string | undefined {
  if (digits.length === 0) return '请输入银行卡号';
  if (digits.length < BANK_CARD_MIN || digits.length > BANK_CARD_MAX) return '请输入16至19位数字的银行卡号';
  if (lookupCardBin(digits)?.cardType === 'credit') return '暂不支持信用卡，请使用借记卡（储蓄卡）';
  return undefined;
}
