// Banks we bind cards of and the offline BIN table (docs/api.md "Bank cards"): the page names the bank and
// the card type as the user types, the server decides with the same table (debit cards of these banks
// only). Source: our own table of common issuer identification numbers (the first 6 digits, ISO/IEC
// 7812-1) of the large Chinese banks' debit and credit cards, compiled from public BIN lists; it is not
// exhaustive (a card it does not know is refused with 4903 and the page says so), and should be checked
// against the issuers' own lists before production. Pure data, no I/O: it runs in the browser as well.
import { BANK_CARD_MAX, BANK_CARD_MIN } from './constants.js';

export type CardType = 'debit' | 'credit';

export interface BankInfo {
  /** Our code for the bank (the common abbreviation). */
  code: string;
  name: string;
  /** Our own mark: one character on the bank's colour, never the bank's logo. */
  mark: { text: string; color: string };
}

/** Banks in the order the bank list shows them. */
export const BANKS: readonly BankInfo[] = [
  { code: 'ICBC', name: '工商银行', mark: { text: '工', color: '#c7000b' } },
  { code: 'CCB', name: '建设银行', mark: { text: '建', color: '#0a5eae' } },
  { code: 'ABC', name: '农业银行', mark: { text: '农', color: '#008f7a' } },
  { code: 'BOC', name: '中国银行', mark: { text: '中', color: '#a71e32' } },
  { code: 'BOCOM', name: '交通银行', mark: { text: '交', color: '#1d3f8f' } },
  { code: 'CMB', name: '招商银行', mark: { text: '招', color: '#d0021b' } },
  { code: 'PSBC', name: '邮储银行', mark: { text: '邮', color: '#0b7a3e' } },
  { code: 'CITIC', name: '中信银行', mark: { text: '信', color: '#b3121f' } },
  { code: 'CEB', name: '光大银行', mark: { text: '光', color: '#5b2a86' } },
  { code: 'CMBC', name: '民生银行', mark: { text: '民', color: '#00788a' } },
  { code: 'SPDB', name: '浦发银行', mark: { text: '浦', color: '#133f7c' } },
  { code: 'CIB', name: '兴业银行', mark: { text: '兴', color: '#0f4c97' } },
  { code: 'PAB', name: '平安银行', mark: { text: '平', color: '#e8590c' } },
  { code: 'HXB', name: '华夏银行', mark: { text: '华', color: '#c41230' } },
  { code: 'CGB', name: '广发银行', mark: { text: '广', color: '#b5121b' } },
];

const BINS: Record<string, { debit: string; credit: string }> = {
  ICBC: { debit: '622202 622208 621226 621225 621281 621558 621559 621723', credit: '625330 625331 625332 427018 427020 524047 438125' },
  CCB: { debit: '621700 622700 436742 622280 621284', credit: '436728 622166 625362 625363 628266 628366 552245 544033' },
  ABC: { debit: '622848 622845 622846 622823 622827 621282 621336', credit: '622836 622837 625996 625997 625998 548478 544243' },
  BOC: { debit: '621661 621663 621785 621786 621787 621788 621789 621790 456351 601382', credit: '625905 625906 625907 625908 622760 438088 518378' },
  BOCOM: { debit: '622260 622262 621069', credit: '622252 622253 458123 521899' },
  CMB: {
    debit: '621483 621485 621486 622580 622588 622609 410062 468203 512425 524011',
    credit: '622575 622576 622577 622578 622581 622582 439188 439225 479228 479229 356885 545620 625802 625803',
  },
  PSBC: { debit: '621799 622188 621095 620062 621098 622150 622151 622181', credit: '625919 628310 622812 622810 622811' },
  CITIC: { debit: '621771 622690 622691 622692 622696 622698 433670 433680', credit: '622680 622688 622689 628206 556617 518212 376968' },
  CEB: {
    debit: '622660 622662 622663 622664 622665 622666 622667 622668 622669 622670 621489 621491',
    credit: '622655 622650 622658 625975 625976 628201 628202 406254 481699',
  },
  CMBC: {
    debit: '622615 622617 622618 622622 621691 622616 622619 415599',
    credit: '622600 622601 622602 622603 421869 421870 421871 512466 528948 552288 625911 628258',
  },
  SPDB: {
    debit: '622521 622522 622523 621792 621351 621352 621390 621791',
    credit: '622516 622517 622518 622500 622276 456418 498451 625970 625971 628221 628222',
  },
  CIB: { debit: '622909 622908 438588 438589', credit: '622901 622902 622922 628212 625086 625087 548738 549633 552398 451289' },
  PAB: { debit: '621626 623058 602907 622986 622989 622298', credit: '622155 622156 622157 625360 625361 628296 435744 435745 483536 622525 622526' },
  HXB: { debit: '622630 622631 622632 622633 621222 623020 623021 623022 623023', credit: '622636 622637 625967 625968 625969 628318 523959' },
  CGB: { debit: '622568 621462', credit: '622555 622556 622557 622558 622559 622560 528931 558894 625072 625071 628260 628259' },
};

const BIN_TABLE: ReadonlyMap<string, { bank: BankInfo; cardType: CardType }> = (() => {
  const table = new Map<string, { bank: BankInfo; cardType: CardType }>();
  for (const bank of BANKS) {
    const bins = BINS[bank.code];
    if (!bins) continue;
    for (const cardType of ['debit', 'credit'] as const) for (const bin of bins[cardType].split(' ')) table.set(bin, { bank, cardType });
  }
  return table;
})();

export function bankByCode(code: string): BankInfo | undefined {
  return BANKS.find((bank) => bank.code === code);
}

/** The bank and card type of a card number (or its first digits as typed; spaces ignored), once 6 digits are known; else undefined. */
export function lookupCardBin(cardNumber: string): { bank: BankInfo; cardType: CardType } | undefined {
  const digits = cardNumber.replace(/\s/g, '');
  if (!/^\d{6,}/.test(digits)) return undefined;
  return BIN_TABLE.get(digits.slice(0, 6));
}

/** Card number input as the page shows it: digits only, at most 19, in groups of 4 ('6222020200112233445' -> '6222 0202 0011 2233 445'). */
export function formatCardInput(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, BANK_CARD_MAX);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** 16 to 19 digits (SPEC §5, §9), nothing else. */
export function isCardNumberShape(value: string): boolean {
  return new RegExp(`^\\d{${BANK_CARD_MIN},${BANK_CARD_MAX}}$`).test(value);
}
