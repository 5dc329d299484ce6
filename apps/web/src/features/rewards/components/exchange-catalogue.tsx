// The items on offer for points (docs/api.md "Vouchers and exchange"), as cards: name, what it is, the
// cost, what is left (已兑完 at 0) and the per-user limit, with a 兑换 button that says why when it cannot
// be pressed. 兑换 opens the confirm sheet. The presses of each item live here, not in the sheet, so an
// exchange whose answer was lost is resent under the same key even after the sheet was closed.
import { lazy, Suspense, useEffect, useState, type ComponentProps, type ComponentType } from 'react';
import { Button } from '../../../components/button';
import { createKeyedPresses, type KeyedPresses } from '../../../lib/keyed-presses';
import { toast } from '../../../lib/notify';
import { ERROR_TEXT } from '@tyd/protocol/wire';
import type { ExchangeItem } from '../api/exchange-info';
import { exchangeOnce, type ExchangeResult } from '../api/exchange-points';
import { EXCHANGE_BLOCK_TEXT, exchangeBlock, stockLeftText } from '../utils/exchange-texts';
import type { ExchangeSheet as Sheet } from './exchange-sheet';

// The confirm sheet (and the dialog under it) is a chunk of its own, fetched right after the first paint:
// the page's first load is at its budget (e2e/bundle-budget.spec.ts) and the sheet is needed only on a
// press. When the chunk cannot be fetched, the press says so and nothing is sent.
const loadSheet = () => import('./exchange-sheet');
function SheetUnavailable({ onClose }: ComponentProps<typeof Sheet>) {
  useEffect(() => {
    toast(ERROR_TEXT.networkError, 'fail');
    onClose();
  }, [onClose]);
  return null;
}
const ExchangeSheet = lazy<ComponentType<ComponentProps<typeof Sheet>>>(() =>
  loadSheet().then(
    (module) => ({ default: module.ExchangeSheet }),
    () => ({ default: SheetUnavailable }),
  ),
);

export function ExchangeCatalogue({
  items,
  balance,
  onExchanged,
  onStale,
}: {
  items: ExchangeItem[];
  balance: number;
  onExchanged: (result: ExchangeResult) => void;
  onStale: () => void;
}) {
  const [presses] = useState(() => new Map<string, KeyedPresses<ExchangeResult>>());
  const [open, setOpen] = useState<ExchangeItem | null>(null);
  useEffect(() => {
    loadSheet().catch(() => undefined);
  }, []);
  const pressesOf = (itemId: string) => {
    let found = presses.get(itemId);
    if (!found) {
      found = createKeyedPresses((key) => exchangeOnce(itemId, key));
      presses.set(itemId, found);
    }
    return found;
  };

  if (items.length === 0) return <p className="rewards__muted">暂无可兑换的卡券，敬请期待</p>;
  return (
    <>
      <ul className="exchange-items" aria-label="可兑换的卡券">
        {items.map((item) => {
          const block = presses.get(item.id)?.unresolved ? null : exchangeBlock(item, balance);
          return (
            <li key={item.id} className={`exchange-item${item.stockLeft === 0 ? ' exchange-item--out' : ''}`}>
              <div className="exchange-item__main">
                <h3 className="exchange-item__name">{item.name}</h3>
                <p className="exchange-item__text">{item.description}</p>
                <p className="exchange-item__meta">
                  <span className="rewards__nowrap">{stockLeftText(item.stockLeft)}</span>
                  {item.perUserLimit !== null ? (
                    <span className="rewards__nowrap">
                      每人限兑{item.perUserLimit}张（已兑{item.usedByMe}张）
                    </span>
                  ) : null}
                  <span className="rewards__nowrap">兑换后{item.validDays}天有效</span>
                </p>
              </div>
              <div className="exchange-item__side">
                <span className="exchange-item__cost">
                  <strong>{item.pointsCost}</strong>积分
                </span>
                <Button
                  className="exchange-item__button"
                  variant={block ? 'secondary' : 'primary'}
                  disabled={block !== null}
                  aria-label={`${block ? EXCHANGE_BLOCK_TEXT[block] : '兑换'} ${item.name}`}
                  onClick={() => setOpen(item)}
                >
                  {block ? EXCHANGE_BLOCK_TEXT[block] : '兑换'}
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
      {open ? (
        <Suspense fallback={null}>
          <ExchangeSheet
            key={open.id}
            item={open}
            balance={balance}
            presses={pressesOf(open.id)}
            onExchanged={onExchanged}
            onRefused={onStale}
            onClose={() => setOpen(null)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
