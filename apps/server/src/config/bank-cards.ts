// Bank cards (docs/api.md "Bank cards"): how many cards an account may hold, how many card checks (the
// provider's four-element verification, paid per call) an account may start in a China day, and how long
// a bind ticket (step 1 -> step 2) lives.
import { defineSection, whole, type SectionValue } from './section.js';

export const bankCardsSection = defineSection({
  vars: {
    BANKCARD_MAX_CARDS: whole(1, 50).default(5),
    BANKCARD_CHECKS_PER_DAY: whole(1, 1_000).default(10),
    BANKCARD_TICKET_MINUTES: whole(1, 60).default(10),
  },
  build: (e) => ({ maxCards: e.BANKCARD_MAX_CARDS, checksPerDay: e.BANKCARD_CHECKS_PER_DAY, ticketTtlMs: e.BANKCARD_TICKET_MINUTES * 60_000 }),
});
export type BankCardsConfig = SectionValue<typeof bankCardsSection>;
