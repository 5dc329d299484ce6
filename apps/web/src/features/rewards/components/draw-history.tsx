// 我的抽奖记录: the user's draws, newest first (lucky-draw-history), what each cost and what it won.
import { chinaDateTime } from '@tyd/protocol/wire';
import { Card } from '../../../components/page';
import type { useLuckyDrawHistory } from '../api/lucky-draw-history';
import { PagedListStates } from '../../../components/load-states';

export function DrawHistory({ list }: { list: ReturnType<typeof useLuckyDrawHistory> }) {
  return (
    <Card label="我的抽奖记录">
      <h2 className="rewards__heading">我的抽奖记录</h2>
      <PagedListStates list={list}>
        <ul className="rewards__list" aria-label="抽奖记录">
          {list.items.map((item) => (
            <li key={item.id} className="rewards__row">
              <span className="rewards__row-main">
                <span className="rewards__row-title">{item.kind === 'points' ? `抽中${item.prizeName}` : item.prizeName}</span>
                <small>
                  <span className="rewards__nowrap">{chinaDateTime(item.at)}</span> · <span className="rewards__nowrap">消耗{item.cost}积分</span>
                </small>
              </span>
              <span className={`rewards__amount${item.kind === 'points' ? ' rewards__amount--plus' : ''}`}>
                {item.kind === 'points' && item.points !== null ? `+${item.points}` : '未中奖'}
              </span>
            </li>
          ))}
        </ul>
      </PagedListStates>
    </Card>
  );
}
