// A bound card as payment apps show it: the bank's colour, our own mark (one character, never the bank's
// logo), the bank, 借记卡, the masked number (SPEC §3: masked only) and 默认 on the default card.
import type { BankCard } from '../api/bank-card-list';
import './bank-cards.css';

export function BankMark({ mark, size = 36 }: { mark: { text: string; color: string }; size?: number }) {
  return (
    <span className="bank-mark" style={{ width: size, height: size, color: mark.color, fontSize: Math.round(size * 0.5) }} aria-hidden="true">
      {mark.text}
    </span>
  );
}

export function BankCardFace({ card }: { card: BankCard }) {
  return (
    <div className="bank-card" style={{ background: `linear-gradient(135deg, ${card.mark.color}, ${card.mark.color}cc)` }}>
      <div className="bank-card__top">
        <BankMark mark={card.mark} />
        <span className="bank-card__bank">
          <span className="bank-card__name">{card.bankName}</span>
          <small>借记卡</small>
        </span>
        {card.isDefault ? <span className="bank-card__default">默认</span> : null}
      </div>
      <p className="bank-card__number" aria-label={`卡号尾号${card.last4}`}>
        {card.maskedNumber}
      </p>
    </div>
  );
}
