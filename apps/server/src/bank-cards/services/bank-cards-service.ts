// Bank cards (SPEC §1, §7; docs/api.md "Bank cards"): binding in two steps (bind-bankcard: the provider's
// four-element check with the account's verified name and ID number, then an SMS code to the phone the
// bank has; user-bind-bankcard: the ticket and the code), the rules (debit cards of supported banks only,
// at most N cards, no duplicates, one default card, a daily cap on checks), unbinding with an SMS code to
// the account's phone, and what leaves the server: the masked number and the last four digits only.
// No HTTP here: routes call these and send what they return or throw.
import { createHash, randomBytes } from 'node:crypto';
import {
  CODE,
  DAY_MS,
  SUBCODE,
  chinaDay,
  chinaDayEnd,
  isCardNumberShape,
  maskBankCard,
  maskPhone,
  type BankCardView,
  type EndpointRequest,
  type SmsPurpose,
  type bindBankcard,
} from '@tyd/protocol';
import type { Kysely } from 'kysely';
import type { BankCardsConfig, QuickPaymentAgreementConfig } from '../../config/index.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { BankCardRow, Database } from '../../db/schema.js';
import { ApiError } from '../../http/api-error.js';
import type { KvStore } from '../../kv/kv-store.js';
import type { Outbox } from '../../outbox/outbox.js';
import { bankCardRefusal, type BankCardProvider } from '../../providers/bank-card/bank-card-provider.js';
import { ProviderUnavailable, providerUnavailable } from '../../providers/provider-error.js';
import type { BankCardsRepository } from '../repositories/bank-cards-repository.js';
import type { BankCatalogue } from './bank-catalogue.js';
import { boundMessage, unboundMessage } from './bank-card-messages.js';
import type { CardCipher } from './card-cipher.js';

/** The SMS code machinery of the account capability, as far as bank cards use it. */
export interface CardSmsCodes {
  /** Sends a code of `purpose` to `phone`; the owner/others bucket is decided as for sms-send-v1. */
  send(input: {
    phone: string;
    purpose: SmsPurpose;
    sessionPhone: string;
    clientAddress: string;
    proofOfWork: PowSolution | undefined;
    now: number;
  }): Promise<{ cooldownSeconds: number; phoneKey: string; bucket: 'owner' | 'others' }>;
  /** Checks a code (4202/4203/4204) and returns a handle that spends it once. */
  verify(input: { phoneKey: string; purpose: SmsPurpose; code: string; now: number; bucket: 'owner' | 'others' }): Promise<{ consume(): Promise<void> }>;
  phoneKey(phone: string): string;
  requireMobile(phone: string): string;
}

export interface BankCardsDeps {
  db: Kysely<Database>;
  /** Binding's and unbinding's transactions, whose messages are delivered once they committed (outbox/outbox.ts). */
  outbox: Pick<Outbox, 'transaction'>;
  kv: KvStore;
  repo: BankCardsRepository;
  cipher: CardCipher;
  catalogue: BankCatalogue;
  provider: BankCardProvider;
  sms: CardSmsCodes;
  /** The verified identity's name and ID number, or 403/4611. */
  requireIdentity(userId: string): Promise<{ name: string; idNumber: string }>;
  rules: BankCardsConfig;
  /** The current 快捷支付服务协议, which pressing 下一步 (step 1) agrees to (docs/api.md "Bank cards"). */
  agreement: QuickPaymentAgreementConfig;
}

interface StoredTicket {
  userId: string;
  cardEnc: string;
  cardHash: string;
  bankCode: string;
  phoneKey: string;
  maskedPhone: string;
  bucket: 'owner' | 'others';
  expiresAt: number;
  /** The agreement version current at step 1, when the holder agreed by pressing 下一步, and that time. */
  agreementVersion: string;
  agreedAt: number;
}

/** A solved proof-of-work challenge, as sms-send-v1 takes it (docs/api.md "Proof of work"). */
type PowSolution = EndpointRequest<typeof bindBankcard>['proofOfWork'];

const ticketHash = (ticket: string) => createHash('sha256').update(ticket, 'utf8').digest('base64url');
const ticketKey = (hash: string) => `bankcard:ticket:${hash}`;
const ticketContext = (hash: string, userId: string) => `bind-ticket\n${hash}\n${userId}`;
const cardContext = (userId: string) => `bank_cards.card_enc\n${userId}`;
const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

export function createBankCardsService(deps: BankCardsDeps) {
  const { db, kv, repo, cipher, catalogue, rules } = deps;

  function view(row: BankCardRow): BankCardView {
    const bank = catalogue.bank(row.bank_code);
    return {
      cardId: row.id,
      bankCode: row.bank_code,
      bankName: bank?.name ?? row.bank_code,
      mark: bank?.mark ?? { text: '银', color: '#5f6b7a' },
      cardType: 'debit',
      maskedNumber: row.masked_number,
      last4: row.last4,
      maskedPhone: row.masked_phone,
      isDefault: row.is_default === 1,
      boundAt: row.created_at,
      singleLimit: bank?.singleLimit ?? 0,
      dailyLimit: bank?.dailyLimit ?? 0,
      agreement: row.agreement_version !== null && row.agreed_at !== null ? { version: row.agreement_version, agreedAt: Number(row.agreed_at) } : null,
    };
  }

  async function requireCard(userId: string, cardId: string): Promise<BankCardRow> {
    const row = await repo.find(userId, cardId);
    if (!row) throw new ApiError(CODE.NOT_FOUND, SUBCODE.BANK_CARD_NOT_FOUND);
    return row;
  }

  const limitReached = () => new ApiError(CODE.CONFLICT, SUBCODE.BANK_CARD_LIMIT, { data: { maxCards: rules.maxCards } });
  const duplicate = () => new ApiError(CODE.CONFLICT, SUBCODE.BANK_CARD_DUPLICATE);
  const ticketInvalid = (detail: string) => new ApiError(CODE.BAD_REQUEST, SUBCODE.BIND_TICKET_INVALID, { detail });

  return {
    banks: () => catalogue.banks(),

    async list(userId: string) {
      const identityVerified = await deps.requireIdentity(userId).then(
        () => true,
        (error: unknown) => {
          if (error instanceof ApiError && error.subcode === SUBCODE.IDENTITY_NOT_VERIFIED) return false;
          throw error;
        },
      );
      const { title, version, url } = deps.agreement;
      return { items: (await repo.list(userId)).map(view), maxCards: rules.maxCards, identityVerified, agreement: { title, version, url } };
    },

    /**
     * The account's cards with their full numbers, for the copy of one's data only (PIPL art. 45; docs/api.md
     * "Personal information"): the one answer that carries a card number in full.
     */
    async ownCards(userId: string) {
      return (await repo.list(userId)).map((row) => ({ ...view(row), cardNumber: cipher.decrypt(cardContext(userId), row.card_enc) }));
    },

    async info(userId: string, cardId: string) {
      return view(await requireCard(userId, cardId));
    },

    /** Step 1 (bind-bankcard). Local refusals first, then the daily cap, the provider, the SMS code. */
    async startBinding(input: {
      userId: string;
      sessionPhone: string;
      cardNumber: string;
      phone: string;
      clientAddress: string;
      proofOfWork: PowSolution | undefined;
      now: number;
    }) {
      const { userId, now } = input;
      const identity = await deps.requireIdentity(userId);
      const cardNumber = input.cardNumber;
      if (!isCardNumberShape(cardNumber)) throw new ApiError(CODE.BAD_REQUEST, SUBCODE.BANK_CARD_NUMBER_INVALID);
      const phone = deps.sms.requireMobile(input.phone);
      const found = catalogue.lookup(cardNumber);
      if (!found) throw new ApiError(CODE.BAD_REQUEST, SUBCODE.BANK_NOT_SUPPORTED);
      if (found.cardType !== 'debit') throw new ApiError(CODE.BAD_REQUEST, SUBCODE.BANK_CARD_CREDIT);
      const cardHash = cipher.cardHash(cardNumber);
      if ((await repo.count(userId)) >= rules.maxCards) throw limitReached();
      if (await repo.hasCard(userId, cardHash)) throw duplicate();

      // Each check is paid at the provider: counted first (atomic), decided on the increment's own result,
      // so parallel requests cannot pass the cap; a check the provider could not serve still counts.
      const day = chinaDay(now);
      const checks = await kv.increment(`bankcard:checks:${userId}:${day}`, DAY_MS + 60 * 60_000);
      if (checks > rules.checksPerDay)
        throw new ApiError(CODE.TOO_MANY_REQUESTS, SUBCODE.BANK_CARD_CHECK_LIMIT, { data: { retryAfterSeconds: seconds(chinaDayEnd(day) - now) } });

      let result;
      try {
        result = await deps.provider.verifyFourElements({ name: identity.name, idNumber: identity.idNumber, cardNumber, phone });
      } catch (error) {
        if (error instanceof ProviderUnavailable) throw providerUnavailable(error);
        throw error;
      }
      if (result.outcome !== 'verified') throw bankCardRefusal(result);

      const sent = await deps.sms.send({
        phone,
        purpose: 'bind-card',
        sessionPhone: input.sessionPhone,
        clientAddress: input.clientAddress,
        proofOfWork: input.proofOfWork,
        now,
      });
      const ticket = randomBytes(32).toString('base64url');
      const hash = ticketHash(ticket);
      const stored: StoredTicket = {
        userId,
        cardEnc: cipher.encrypt(ticketContext(hash, userId), cardNumber),
        cardHash,
        bankCode: found.bank.code,
        phoneKey: sent.phoneKey,
        maskedPhone: maskPhone(phone),
        bucket: sent.bucket,
        expiresAt: now + rules.ticketTtlMs,
        agreementVersion: deps.agreement.version,
        agreedAt: now,
      };
      if (!(await kv.setIfAbsent(ticketKey(hash), JSON.stringify(stored), rules.ticketTtlMs + 60_000))) throw new Error('bind ticket collision');
      return {
        ticket,
        expiresInSeconds: seconds(rules.ticketTtlMs),
        bankCode: found.bank.code,
        bankName: found.bank.name,
        cardType: 'debit' as const,
        maskedNumber: maskBankCard(cardNumber),
        maskedPhone: stored.maskedPhone,
        cooldownSeconds: sent.cooldownSeconds,
      };
    },

    /**
     * Step 2 (user-bind-bankcard): the ticket (this account's, live, unused) and the code sent to the
     * reserved phone; the card is stored, the first one as the default. A ticket confirms once: a replay,
     * another account's or an expired ticket answers 4907 alike.
     */
    async confirmBinding(input: { userId: string; ticket: string; smsCode: string; now: number }) {
      const { userId, now } = input;
      const hash = ticketHash(input.ticket);
      const text = await kv.get(ticketKey(hash));
      const stored = text ? (JSON.parse(text) as StoredTicket) : undefined;
      if (!stored || stored.userId !== userId || stored.expiresAt <= now) throw ticketInvalid('no live bind ticket of this account');
      const code = await deps.sms.verify({ phoneKey: stored.phoneKey, purpose: 'bind-card', code: input.smsCode, now, bucket: stored.bucket });
      if (!(await kv.setIfAbsent(`bankcard:ticket-used:${hash}`, '1', stored.expiresAt - now + 60_000))) throw ticketInvalid('bind ticket already used');
      await code.consume();
      await kv.delete(ticketKey(hash));

      const cardNumber = cipher.decrypt(ticketContext(hash, userId), stored.cardEnc);
      const row: BankCardRow = {
        id: `bc_${randomBytes(16).toString('base64url')}`,
        user_id: userId,
        card_hash: stored.cardHash,
        card_enc: cipher.encrypt(cardContext(userId), cardNumber),
        masked_number: maskBankCard(cardNumber),
        last4: cardNumber.slice(-4),
        bank_code: stored.bankCode,
        card_type: 'debit',
        masked_phone: stored.maskedPhone,
        is_default: 0,
        created_at: now,
        agreement_version: stored.agreementVersion,
        agreed_at: stored.agreedAt,
      };
      try {
        await deps.outbox.transaction(async (trx, emit) => {
          await repo.lockAccount(userId, trx);
          const count = await repo.count(userId, trx);
          if (count >= rules.maxCards) throw limitReached();
          if (await repo.hasCard(userId, row.card_hash, trx)) throw duplicate();
          row.is_default = count === 0 ? 1 : 0;
          await repo.insert(row, trx);
          await emit('message', boundMessage(view(row)), userId);
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw duplicate();
        throw error;
      }
      return view(row);
    },

    /** Unbinding, confirmed by a code of purpose 'unbind-card' to the account's own phone; the newest other card becomes the default. */
    async unbind(input: { userId: string; accountPhone: string; cardId: string; smsCode: string; now: number }) {
      const { userId, now } = input;
      const row = await requireCard(userId, input.cardId);
      const code = await deps.sms.verify({
        phoneKey: deps.sms.phoneKey(input.accountPhone),
        purpose: 'unbind-card',
        code: input.smsCode,
        now,
        bucket: 'owner',
      });
      await code.consume();
      const defaultCardId = await deps.outbox.transaction(async (trx, emit) => {
        await repo.lockAccount(userId, trx);
        if (!(await repo.delete(userId, row.id, trx))) throw new ApiError(CODE.NOT_FOUND, SUBCODE.BANK_CARD_NOT_FOUND);
        await emit('message', unboundMessage(view(row)), userId);
        const rest = await repo.list(userId, trx);
        const current = rest.find((card) => card.is_default === 1) ?? rest[0];
        if (current && current.is_default !== 1) await repo.setDefault(userId, current.id, trx);
        return current?.id ?? null;
      });
      return { cardId: row.id, defaultCardId, card: view(row) };
    },

    async setDefault(userId: string, cardId: string) {
      const done = await db.transaction().execute(async (trx) => {
        await repo.lockAccount(userId, trx);
        return repo.setDefault(userId, cardId, trx);
      });
      if (!done) throw new ApiError(CODE.NOT_FOUND, SUBCODE.BANK_CARD_NOT_FOUND);
      return view(await requireCard(userId, cardId));
    },
  };
}

export type BankCardsService = ReturnType<typeof createBankCardsService>;
