// /activity-exchange (SPEC §2, title empty -> the default title; docs/api.md "Vouchers and exchange",
// "Redeem codes"): points and redeem codes for vouchers (卡券). The balance first; the vouchers on offer
// as cards, each 兑换 confirmed in a sheet that says what it costs; a 兑换码 box; and 我的卡券, valid and
// expired. Vouchers are held for the lending product: a future loan uses them, nothing here spends one.
// Behind the login guard (route flag requiresLogin). It lives with the rewards feature (points, the
// ledger, the shared list states): features never import each other. The confirm sheet and 我的卡券's list
// are chunks of their own, so the first load stays in its budget.
import { lazy, Suspense } from 'react';
import { Button } from '../../../components/button';
import { Link } from '../../../components/link';
import { Card, Page } from '../../../components/page';
import { TrustFooter } from '../../../components/trust-footer';
import { userMessage } from '../../../lib/api-errors';
import { invalidateQuery } from '../../../lib/server-state';
import { getExchangeInfo, useExchangeInfo } from '../api/exchange-info';
import { LUCKY_DRAW_INFO_KEY } from '../api/lucky-draw-info';
import { useMyVouchers } from '../api/my-vouchers';
import { POINTS_LEDGER_KEY } from '../api/points-ledger';
import { ExchangeCatalogue } from '../components/exchange-catalogue';
import { RedeemCodeForm } from '../components/redeem-code-form';
import '../components/rewards.css';
import '../components/exchange.css';

// 我的卡券 is drawn by a chunk of its own (the list states with it), fetched right after the first paint: the
// page's first load is at its budget (e2e/bundle-budget.spec.ts) and the list sits below the fold. When the
// chunk cannot be fetched, the card says so instead of the page failing.
const VoucherList = lazy(() =>
  import('../components/voucher-list').then(
    (module) => ({ default: module.VoucherList }),
    () => ({
      default: () => (
        <p className="rewards__error" role="alert">
          我的卡券加载失败，请刷新页面重试
        </p>
      ),
    }),
  ),
);
const LIST_LOADING = (
  <p className="rewards__muted" role="status" aria-busy="true">
    正在加载…
  </p>
);

export default function ActivityExchangePage() {
  const query = useExchangeInfo();
  const vouchers = useMyVouchers();
  const info = query.data;
  // Whatever changed the balance or the vouchers: read them again here, and drop what other pages cached.
  const refresh = () => {
    query.refetch();
    vouchers.refetch();
    invalidateQuery(POINTS_LEDGER_KEY);
    invalidateQuery(LUCKY_DRAW_INFO_KEY);
  };
  return (
    <Page title="积分兑换" lead="用积分或兑换码兑换卡券，在通盈达APP借款或还款时使用。">
      <Card label="我的积分">
        <div className="draw__balance">
          <span>
            <span className="draw__label">我的积分</span>
            <strong className="draw__points" aria-busy={!info}>
              {info ? info.balance : '—'}
            </strong>
          </span>
          <Link className="draw__ledger" to="/activity/points">
            积分明细
          </Link>
        </div>
      </Card>
      <Card label="兑换卡券">
        <h2 className="rewards__heading">兑换卡券</h2>
        {info ? (
          <ExchangeCatalogue items={info.items} balance={info.balance} onExchanged={refresh} onStale={query.refetch} />
        ) : query.status === 'error' ? (
          <div className="rewards__failed">
            <p className="rewards__error" role="alert">
              {userMessage(query.error)}
            </p>
            <Button variant="secondary" onClick={() => query.refetchWith((signal) => getExchangeInfo(signal, true))}>
              重新加载
            </Button>
          </div>
        ) : (
          <p className="rewards__muted" role="status" aria-busy="true">
            正在加载可兑换的卡券…
          </p>
        )}
      </Card>
      <Card label="兑换码">
        <h2 className="rewards__heading">兑换码</h2>
        <RedeemCodeForm onRedeemed={refresh} />
      </Card>
      <Card label="我的卡券">
        <h2 className="rewards__heading">我的卡券</h2>
        <Suspense fallback={LIST_LOADING}>
          <VoucherList list={vouchers} />
        </Suspense>
      </Card>
      <Card label="兑换说明">
        <h2 className="rewards__heading">兑换说明</h2>
        <ol className="rewards__rules">
          <li>卡券在您使用通盈达APP借款或还款时使用，本页面不能借款或还款；请在有效期内使用，过期自动失效。</li>
          <li>积分兑换卡券后不退回积分；每种卡券的数量和每人可兑换次数以页面显示为准。</li>
          <li>兑换码不区分大小写，每个兑换码只能使用一次；多次输入错误的兑换码后需等待一段时间再试。</li>
        </ol>
      </Card>
      <TrustFooter />
    </Page>
  );
}
