// Everything an account holds, gathered for its owner (docs/api.md "Personal information"): the collected
// list masks it, the copy of one's data (PIPL art. 45) gives it in full. Encrypted parts come through the
// capability that holds their key (identity, bank cards, uploads); the rest from the account's own rows.
// Every table that holds an account's data is read here or said why not (../personal-tables.ts, walked
// against the migrated schema by test/api/personal-tables.test.ts).
// Nothing here logs: what is gathered goes only into the sealed answer of the session that asked.
import type { deregistrationImpact, EndpointResponseData, PersonalDataExport } from '@tyd/protocol';
import type { Consent, Profile, User } from '../../account/account-module.js';
import type { BankCardsService } from '../../bank-cards/bank-cards-module.js';
import type { IdentityService } from '../../identity/identity-module.js';
import type { UploadService } from '../../uploads/uploads-module.js';
import type { HoldingsSummary, PersonalDataRepository } from '../repositories/personal-data-repository.js';

export interface PersonalDataDeps {
  repo: PersonalDataRepository;
  profileOf: (userId: string) => Promise<Profile | undefined>;
  consentsOf: (userId: string) => Promise<Consent[]>;
  /** The documents a consent's combined version names, with their titles (account/services/legal-documents.ts). */
  documentsOf: (version: string) => { title: string; version: string }[];
  identity: Pick<IdentityService, 'ownRecord' | 'retainedIdentity'>;
  bankCards: Pick<BankCardsService, 'ownCards' | 'list'>;
  uploads: Pick<UploadService, 'readUsed'>;
}

type IdentityRecord = NonNullable<Awaited<ReturnType<IdentityService['ownRecord']>>>;

/** What the collected list is made from: the encrypted kinds whole (to mask them), the rest counted. */
export interface AccountHoldings {
  user: User;
  identity: IdentityRecord | undefined;
  cards: Awaited<ReturnType<BankCardsService['ownCards']>>;
  profile: Profile | undefined;
  consents: Consent[];
  summary: HoldingsSummary;
}

/** Readings and the confirmed identity as flat text fields (the export's record of strings). */
const fields = (value: object | null | undefined): Record<string, string> | null =>
  value ? Object.fromEntries(Object.entries(value).flatMap(([key, field]) => (typeof field === 'string' ? [[key, field]] : []))) : null;

export const ANALYTICS_NOTE = '浏览与使用统计为匿名记录，不含手机号等身份信息，未与您的账号关联，因此无法按账号导出。';

export function createPersonalData(deps: PersonalDataDeps) {
  return {
    async holdings(user: User, now: number): Promise<AccountHoldings> {
      const [identity, cards, profile, consents, summary] = await Promise.all([
        deps.identity.ownRecord(user.id),
        deps.bankCards.ownCards(user.id),
        deps.profileOf(user.id),
        deps.consentsOf(user.id),
        deps.repo.summary(user.id, now),
      ]);
      return { user, identity, cards, profile, consents, summary };
    },

    /**
     * What deregistration (account/services/deregistration.ts) would take from this account now, for the
     * page to say before the person confirms (PIPL art. 47; docs/api.md "Personal information"). The cards
     * are counted from the masked list, not from their numbers; the identity counts when deregistration
     * would keep it in the retained record, which is when it was verified.
     */
    async deregistrationImpact(user: User, now: number): Promise<EndpointResponseData<typeof deregistrationImpact>> {
      const [held, cards, identity] = await Promise.all([
        deps.repo.heldToLose(user.id, now),
        deps.bankCards.list(user.id),
        deps.identity.retainedIdentity(user.id),
      ]);
      return {
        pointsBalance: held.points,
        usableVouchers: held.usableVouchers,
        bankCards: cards.items.length,
        openQuestions: held.openQuestions,
        identityVerified: identity !== undefined,
      };
    },

    /** The copy of everything the account holds, built now (PIPL art. 45); ID and card numbers in full. */
    async export(user: User, sessionId: string, exportId: string, now: number): Promise<PersonalDataExport> {
      const { repo } = deps;
      const [identity, cards, profile, consents, sessions, signIns] = await Promise.all([
        deps.identity.ownRecord(user.id),
        deps.bankCards.ownCards(user.id),
        deps.profileOf(user.id),
        deps.consentsOf(user.id),
        repo.sessions(user.id),
        repo.loginEvents(user.id),
      ]);
      const [balance, entries, vouchers, draws, redeemed, giftClaimedAt, invitations, messages, readThrough, noticesRead, questions] = await Promise.all([
        repo.pointsBalance(user.id),
        repo.pointsEntries(user.id),
        repo.vouchers(user.id),
        repo.draws(user.id),
        repo.redeemedCodes(user.id),
        repo.giftClaimedAt(user.id),
        repo.inviteRewards(user.id),
        repo.messages(user.id),
        repo.noticesReadThrough(user.id),
        repo.noticesRead(user.id),
        repo.questions(user.id),
      ]);
      const photoIds = [
        { kind: 'idcard-portrait', id: identity?.portrait.photoId },
        { kind: 'idcard-emblem', id: identity?.emblem.photoId },
      ] as const;
      const photos = [];
      for (const { kind, id } of photoIds) {
        const photo = id ? await deps.uploads.readUsed(user.id, id) : undefined;
        if (photo)
          photos.push({
            kind,
            contentType: photo.contentType,
            width: photo.width,
            height: photo.height,
            dataUrl: `data:${photo.contentType};base64,${photo.bytes.toString('base64')}`,
          });
      }
      return {
        format: 'tyd-personal-data',
        formatVersion: 3,
        exportId,
        generatedAt: now,
        account: { phone: user.phone, registeredAt: user.createdAt, inviteCode: profile?.inviteCode ?? null, invited: Boolean(profile?.invitedBy) },
        consents: consents.map((consent) => ({
          version: consent.version,
          documents: deps.documentsOf(consent.version),
          decision: consent.decision,
          decidedAt: consent.decidedAt,
        })),
        sessions: sessions.map((session) => ({
          device: session.device,
          client: session.client_kind,
          clientName: session.client_name,
          region: session.region,
          address: session.address,
          createdAt: session.created_at,
          lastActiveAt: session.last_active_at,
          expiresAt: session.expires_at,
          endedAt: session.revoked_at,
          endedReason: session.ended_reason,
          current: session.id === sessionId,
        })),
        loginRecords: signIns.map((event) => ({
          at: event.at,
          result: event.result,
          method: event.method,
          device: event.device,
          client: event.client_kind,
          clientName: event.client_name,
          region: event.region,
          address: event.address,
        })),
        identity: identity
          ? {
              state: identity.state,
              startedAt: identity.startedAt,
              confirmedAt: identity.confirmedAt,
              verifiedAt: identity.verifiedAt,
              failure: identity.failure,
              confirmed: fields(identity.confirmed),
              portraitReading: fields(identity.portrait.reading),
              emblemReading: fields(identity.emblem.reading),
            }
          : null,
        photos,
        bankCards: cards.map((card) => ({
          bankName: card.bankName,
          cardNumber: card.cardNumber,
          cardType: card.cardType,
          reservedPhone: card.maskedPhone,
          isDefault: card.isDefault,
          boundAt: card.boundAt,
          agreement: card.agreement,
        })),
        points: {
          balance,
          entries: entries.map((entry) => ({ amount: Number(entry.amount), reason: entry.reason, at: entry.created_at, expiresAt: entry.expires_at })),
        },
        vouchers: vouchers.map((voucher) => ({ name: voucher.name, source: voucher.source, grantedAt: voucher.granted_at, expiresAt: voucher.expires_at })),
        draws: draws.map((draw) => ({ prize: draw.prize_name, points: draw.points, cost: draw.cost, at: draw.created_at })),
        redeemedCodes: redeemed.flatMap((code) => (code.redeemed_at === null ? [] : [{ campaign: code.campaign, at: code.redeemed_at }])),
        newUserGift: giftClaimedAt === null ? null : { claimedAt: giftClaimedAt },
        invitations,
        messages: messages.map((message) => ({
          kind: message.kind,
          title: message.title,
          body: message.body,
          at: message.created_at,
          readAt: message.read_at,
        })),
        notices: { readThrough, read: noticesRead.map((notice) => ({ title: notice.title, at: notice.read_at })) },
        questions: questions.map((question) => ({ text: question.text, at: question.created_at, answer: question.answer, answeredAt: question.answered_at })),
        analytics: { linked: false, note: ANALYTICS_NOTE },
      };
    },
  };
}

export type PersonalData = ReturnType<typeof createPersonalData>;
