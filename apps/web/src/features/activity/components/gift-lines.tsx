// The gift's lines as cards (docs/api.md "New-user gift"): points with how long they stay valid, and
// vouchers as coupons with their use and validity. What the account received once it claimed, otherwise
// what the gift holds now (new-user-gift-info answers which).
import type { GiftLine } from '../api/new-user-gift-info';

export function GiftLines({ lines, pointsValidDays }: { lines: readonly GiftLine[]; pointsValidDays: number }) {
  return (
    <ul className="gift-lines" aria-label="礼包内容">
      {lines.map((line, index) =>
        line.kind === 'points' ? (
          <li key={index} className="gift-line gift-line--points">
            <span className="gift-line__value" aria-hidden="true">
              <strong>{line.points}</strong>
              <small>积分</small>
            </span>
            <span className="gift-line__body">
              <span className="gift-line__name">{line.points}积分</span>
              <small>可用于积分抽奖、兑换卡券</small>
              <small>获得后{pointsValidDays}天内有效</small>
            </span>
          </li>
        ) : (
          <li key={index} className="gift-line gift-line--voucher">
            <span className="gift-line__value" aria-hidden="true">
              <strong>券</strong>
              <small>卡券</small>
            </span>
            <span className="gift-line__body">
              <span className="gift-line__name">{line.name}</span>
              <small>{line.description}</small>
              <small>领取后{line.validDays}天内有效</small>
            </span>
          </li>
        ),
      )}
    </ul>
  );
}
