// What the bind page says as a card number is typed: the bank from the offline BIN table, a credit card
// refused, Luhn as a hint only, 16-19 digits.
import { formatCardInput } from '@tyd/protocol/wire';
import { describe, expect, it } from 'vitest';
import { cardHintText, cardNumberProblem, describeCardInput } from './card-input';

describe('card number input', () => {
  it('groups digits 4-4-4-4 and drops anything else, at most 19 digits', () => {
    expect(formatCardInput('6222a0202 0011-2233445999')).toBe('6222 0202 0011 2233 445');
    expect(formatCardInput('6222')).toBe('6222');
    expect(formatCardInput('62220')).toBe('6222 0');
  });

  it('names the bank and card type once 6 digits are in', () => {
    expect(describeCardInput('62220')).toEqual({ kind: 'none' });
    expect(cardHintText(describeCardInput('622202'))).toBe('工商银行 · 借记卡');
    expect(cardHintText(describeCardInput('6217001234'))).toBe('建设银行 · 借记卡');
    expect(cardHintText(describeCardInput('622575'))).toBe('招商银行 · 信用卡：暂不支持信用卡，请使用借记卡（储蓄卡）');
    expect(cardHintText(describeCardInput('999999'))).toBe('');
    expect(cardHintText(describeCardInput('9999990000000000'))).toBe('未识别该卡号所属银行，请核对卡号或查看支持的银行');
  });

  it('takes Luhn as a hint, not a refusal', () => {
    // 6222020200112233445 fails Luhn; 6222020200112233446 passes.
    expect(cardHintText(describeCardInput('6222020200112233445'))).toBe('工商银行 · 借记卡（卡号可能有误，请核对）');
    expect(cardNumberProblem('6222020200112233445')).toBeUndefined();
    expect(cardHintText(describeCardInput('6222020200112233446'))).toBe('工商银行 · 借记卡');
  });

  it('refuses fewer than 16 or more than 19 digits and credit cards before sending', () => {
    expect(cardNumberProblem('')).toBe('请输入银行卡号');
    expect(cardNumberProblem('622202020011223')).toBe('请输入16至19位数字的银行卡号');
    expect(cardNumberProblem('62220202001122334455')).toBe('请输入16至19位数字的银行卡号');
    expect(cardNumberProblem('6225750000000000')).toBe('暂不支持信用卡，请使用借记卡（储蓄卡）');
    expect(cardNumberProblem('6222020200112233')).toBeUndefined();
  });
});
