// /activity/points 我的积分 (docs/api.md "Points and the lucky draw"): the balance, the points that expire
// first and when, and every change of the balance with its reason, newest first.
import { chinaDate, chinaDateTime } from '@tyd/protocol/wire';
import { Link } from '../../../components/link';
import { Card, Page } from '../../../components/page';
import { usePointsLedger, usePointsSummary } from '../api/points-ledger';
import { PagedListStates } from '../../../components/load-states';
import { formatAmount, REASON_LABEL } from '../utils/rewards-texts';
import '../components/rewards.css';

export default function PointsPage() {
  const ledger = usePointsLedger();
  const first = usePointsSummary().data;
  return (
    <Page title="我的积分">
      <Card label="积分余额">
        <div className="draw__balance">
          <span>
            <span className="draw__label">当前积分</span>
            <strong className="draw__points" aria-busy={!first}>
              {first ? first.balance : '—'}
            </strong>
          </span>
          <Link className="btn btn--primary" to="/activity/lucky-draw">
            去抽奖
          </Link>
        </div>
        {first ? (
          <p className="rewards__muted">{first.expiring ? `${first.expiring.points}积分将于${chinaDate(first.expiring.at)}过期` : '暂无即将过期的积分'}</p>
        ) : null}
      </Card>
      <Card label="积分明细">
        <h2 className="rewards__heading">积分明细</h2>
        <PagedListStates list={ledger}>
          <ul className="rewards__list" aria-label="积分明细">
            {ledger.items.map((entry) => (
              <li key={entry.id} className="rewards__row">
                <span className="rewards__row-main">
                  <span className="rewards__row-title">{REASON_LABEL[entry.reason]}</span>
                  <small>
                    <span className="rewards__nowrap">{chinaDateTime(entry.at)}</span>
                    {entry.expiresAt !== null && entry.amount > 0 ? (
                      <>
                        {' · '}
                        <span className="rewards__nowrap">有效期至{chinaDate(entry.expiresAt)}</span>
                      </>
                    ) : null}
                  </small>
                </span>
                <span
                  className={`rewards__amount${entry.amount > 0 ? ' rewards__amount--plus' : ''}`}
                  aria-label={`${entry.amount > 0 ? '增加' : '减少'}${Math.abs(entry.amount)}积分`}
                >
                  {formatAmount(entry.amount)}
                </span>
              </li>
            ))}
          </ul>
        </PagedListStates>
      </Card>
    </Page>
  );
}
