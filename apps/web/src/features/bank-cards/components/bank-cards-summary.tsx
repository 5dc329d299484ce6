// The bank-card tile's logged-in states (components/bank-cards-tile.tsx loads this chunk after the first
// paint): asking, no card yet, the cards, or a neutral way in when the call failed (no toast over home).
// Only what bank-card-list already answers masked is shown: the bank and the last four digits (SPEC §3).
import { useBankCardListQuietly } from '../api/bank-card-list';
import { BankCardsTileFrame } from './bank-cards-tile';

export default function BankCardsSummary() {
  const list = useBankCardListQuietly();
  const cards = list.data?.items;
  if (!cards) return list.status === 'error' ? <BankCardsTileFrame hint="点击查看我的银行卡" /> : <BankCardsTileFrame hint="正在查询…" busy />;
  // The server lists the default first; find it by its flag all the same.
  const card = cards.find((item) => item.isDefault) ?? cards[0];
  // No card yet (also before certification, which the list page asks for first): 去绑定 in the action colour.
  if (!card) return <BankCardsTileFrame hint="暂未绑定银行卡" badge="去绑定" badgeClassName="summary-tile__badge summary-tile__badge--action" />;
  return (
    <BankCardsTileFrame
      // With more than one card, the hint says which one it shows.
      hint={`${cards.length > 1 ? '默认 ' : ''}${card.bankName} 尾号${card.last4}`}
      badge={`${cards.length}张`}
    />
  );
}
