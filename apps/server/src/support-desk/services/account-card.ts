// What the customer-service desk shows of one account (docs/api.md "Customer-service desk"), read through
// each capability's own service so every one masks as its own pages do: the identity's name and ID number
// (identity-service.ts info), cards by bank and last four, sessions and sign-ins with their addresses as kept
// (masked), message titles (never bodies), the points ledger, the questions. Nothing here is unmasked, and
// nothing here writes.
import { DESK_LIMITS, maskPhone, type DeskSessionState, type OpsDeskAccount, type OpsApproval } from '@tyd/protocol';
import { LOGIN_RECORD_MS, smsLoginLocks, type Accounts, type Session, type User } from '../../account/account-module.js';
import type { BankCardsService } from '../../bank-cards/bank-cards-module.js';
import type { ContentService } from '../../content/content-module.js';
import type { Help } from '../../help/help-module.js';
import type { IdentityModule } from '../../identity/identity-module.js';
import type { Rewards } from '../../rewards/rewards-module.js';

/** Characters of a question the desk shows: enough to recognise it when the caller mentions it. */
const QUESTION_CHARS = 60;

export interface AccountCardDeps {
  accounts: Pick<Accounts, 'kv' | 'phones'> & { repos: Pick<Accounts['repos'], 'sessions' | 'loginEvents'> };
  identity: Pick<IdentityModule, 'info'>;
  bankCards: Pick<BankCardsService, 'list'>;
  messages: Pick<ContentService['messages'], 'list'>;
  points: Pick<Rewards['points'], 'balance' | 'list'>;
  questions: Pick<Help['questions'], 'listOwn'>;
  /** The account's pending unfreeze request, if one waits for a second operator. */
  pendingUnfreeze(userId: string): Promise<OpsApproval | null>;
}

function sessionState(session: Session, now: number): { state: DeskSessionState; endedAt: number | null } {
  if (session.revokedAt !== null) return { state: 'ended', endedAt: session.revokedAt };
  if (session.expiresAt <= now) return { state: 'expired', endedAt: session.expiresAt };
  return { state: 'live', endedAt: null };
}

const place = (p: Pick<Session, 'device' | 'client' | 'clientName' | 'region' | 'address'>) => ({
  device: p.device,
  client: p.client,
  clientName: p.clientName,
  region: p.region,
  address: p.address,
});

export function createAccountCards(deps: AccountCardDeps) {
  const recent = DESK_LIMITS.recentRows;
  return {
    async card(user: User, now: number): Promise<OpsDeskAccount> {
      const [smsLock, identity, cards, sessions, loginRecords, messages, balance, entries, questions, unfreezeRequest] = await Promise.all([
        smsLoginLocks(deps.accounts, user.phone, now),
        deps.identity.info(user.id, now),
        deps.bankCards.list(user.id),
        deps.accounts.repos.sessions.listRecent(user.id, recent),
        deps.accounts.repos.loginEvents.listOwn(user.id, { since: now - LOGIN_RECORD_MS, after: undefined, limit: DESK_LIMITS.loginRecords }),
        deps.messages.list(user.id, { limit: recent }),
        deps.points.balance(user.id),
        deps.points.list(user.id, undefined, recent),
        deps.questions.listOwn(user.id, { limit: recent }),
        deps.pendingUnfreeze(user.id),
      ]);
      const sessionRows = sessions
        .map((session) => ({ ...place(session), ...sessionState(session, now), signedInAt: session.createdAt, lastActiveAt: session.lastActiveAt }))
        // Live ones first: those are what the caller may be asking about.
        .sort((a, b) => Number(b.state === 'live') - Number(a.state === 'live') || b.signedInAt - a.signedInAt);
      return {
        id: user.id,
        phone: maskPhone(user.phone),
        registeredAt: user.createdAt,
        frozen: user.frozen ? { at: user.frozen.at, operator: user.frozen.by, reason: user.frozen.reason } : null,
        unfreezeRequest,
        smsLock,
        identity: { state: identity.state, name: identity.name, idNumber: identity.idNumber, verifiedAt: identity.verifiedAt },
        bankCards: cards.items.map((card) => ({ bankName: card.bankName, last4: card.last4, isDefault: card.isDefault, boundAt: card.boundAt })),
        sessions: sessionRows,
        loginRecords: loginRecords.map((record) => ({ at: record.at, result: record.result, method: record.method, ...place(record) })),
        messages: messages.items.map((message) => ({ kind: message.kind, title: message.title, at: message.createdAt, read: message.readAt !== null })),
        points: { balance, entries: entries.map((entry) => ({ amount: entry.amount, reason: entry.reason, at: entry.at })) },
        questions: questions.items.map((question) => ({
          text: [...question.text].length > QUESTION_CHARS ? `${[...question.text].slice(0, QUESTION_CHARS).join('')}…` : question.text,
          status: question.status,
          askedAt: question.createdAt,
          answeredAt: question.answeredAt,
        })),
      };
    },
  };
}
export type AccountCards = ReturnType<typeof createAccountCards>;
