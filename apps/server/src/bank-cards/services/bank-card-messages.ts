// The messages a binding and an unbinding post (docs/api.md "Messages the product posts now"): security
// notices, so each is written with the change it tells of (the outbox) and reaches the account even if the
// first delivery fails.
import type { BankCardView } from '@tyd/protocol';
import type { MessageInput } from '../../content/content-module.js';

type Card = Pick<BankCardView, 'cardId' | 'bankName' | 'last4'>;

export const boundMessage = (card: Card): MessageInput => ({
  kind: 'bank-card',
  title: '银行卡绑定成功',
  body: `您已成功绑定${card.bankName}借记卡（尾号${card.last4}）。如非本人操作，请立即解绑并联系客服。`,
  link: '/bank-cards',
  dedupeKey: `bank-card-bound:${card.cardId}`,
});

export const unboundMessage = (card: Card): MessageInput => ({
  kind: 'bank-card',
  title: '银行卡已解绑',
  body: `您已解绑${card.bankName}借记卡（尾号${card.last4}）。如非本人操作，请立即联系客服。`,
  link: '/bank-cards',
  dedupeKey: `bank-card-unbound:${card.cardId}`,
});
