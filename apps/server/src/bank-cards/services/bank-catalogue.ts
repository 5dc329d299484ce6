// The banks we bind cards of (SPEC §7 bank-listnew, bank-list; docs/api.md "Bank cards"): the protocol's
// bank and BIN table (@tyd/protocol bank-cards.ts, shared with the page) plus our limits for agreement
// payments (协议支付) per bank, in yuan. With the sandbox bank-card provider, card numbers starting 620000
// (docs/sandbox.md's magic prefixes 62000000…62000009) are debit cards of a 沙盒银行 that the lists do not show.
import { BANKS, lookupCardBin, type BankInfo, type CardType } from '@tyd/protocol';

export interface BankWithLimits extends BankInfo {
  cardTypes: CardType[];
  singleLimit: number;
  dailyLimit: number;
}

const LIMITS: Record<string, [single: number, daily: number]> = {
  ICBC: [50_000, 50_000],
  CCB: [50_000, 100_000],
  ABC: [20_000, 50_000],
  BOC: [50_000, 50_000],
  BOCOM: [50_000, 50_000],
  CMB: [50_000, 50_000],
  PSBC: [5_000, 20_000],
  CITIC: [50_000, 50_000],
  CEB: [50_000, 50_000],
  CMBC: [50_000, 50_000],
  SPDB: [50_000, 50_000],
  CIB: [50_000, 50_000],
  PAB: [50_000, 50_000],
  HXB: [20_000, 50_000],
  CGB: [50_000, 50_000],
};

const withLimits = (bank: BankInfo): BankWithLimits => {
  const [singleLimit, dailyLimit] = LIMITS[bank.code] ?? [5_000, 20_000];
  return { ...bank, cardTypes: ['debit'], singleLimit, dailyLimit };
};

const SANDBOX_BANK: BankWithLimits = withLimits({ code: 'SANDBOX', name: '沙盒银行', mark: { text: '沙', color: '#5f6b7a' } });
const SANDBOX_BIN = '620000';

export interface BankCatalogue {
  /** The banks a card can be bound of, in list order. */
  banks(): BankWithLimits[];
  bank(code: string): BankWithLimits | undefined;
  /** The bank and card type of a card number, or undefined when the BIN is not in the table. */
  lookup(cardNumber: string): { bank: BankWithLimits; cardType: CardType } | undefined;
}

export function createBankCatalogue(opts: { sandbox: boolean }): BankCatalogue {
  const banks = BANKS.map(withLimits);
  const byCode = new Map(banks.map((bank) => [bank.code, bank]));
  if (opts.sandbox) byCode.set(SANDBOX_BANK.code, SANDBOX_BANK);
  return {
    banks: () => banks,
    bank: (code) => byCode.get(code),
    lookup(cardNumber) {
      if (opts.sandbox && cardNumber.startsWith(SANDBOX_BIN)) return { bank: SANDBOX_BANK, cardType: 'debit' };
      const found = lookupCardBin(cardNumber);
      const bank = found && byCode.get(found.bank.code);
      return found && bank ? { bank, cardType: found.cardType } : undefined;
    },
  };
}
