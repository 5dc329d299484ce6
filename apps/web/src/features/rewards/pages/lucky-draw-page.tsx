// /activity/lucky-draw (SPEC §1 "a lucky draw with points"; docs/api.md "Points and the lucky draw"): the
// user's points and draws left, the draw, the rules Chinese promotion law asks a prize draw to disclose,
// always visible, and the user's own draws. Calm on purpose: a lending service's page must not look like
// a casino. The 九宫格 shows the prizes, and only once the server has drawn does a highlight step around it
// for at most 1.2 s to the cell of the prize won (no sound, no flashing, no near-miss theatre); under
// prefers-reduced-motion it lights that cell at once and the result appears without fading in.
import { Button } from '../../../components/button';
import { Card, Page } from '../../../components/page';
import { TrustFooter } from '../../../components/trust-footer';
import { userMessage } from '../../../lib/api-errors';
import { invalidateQuery } from '../../../lib/server-state';
import { useLuckyDrawHistory } from '../api/lucky-draw-history';
import { getLuckyDrawInfo, useLuckyDrawInfo } from '../api/lucky-draw-info';
import { POINTS_LEDGER_KEY } from '../api/points-ledger';
import { DrawHistory } from '../components/draw-history';
import { DrawPanel } from '../components/draw-panel';
import { DrawRules } from '../components/draw-rules';
import '../components/rewards.css';

export default function LuckyDrawPage() {
  const query = useLuckyDrawInfo();
  const history = useLuckyDrawHistory();
  const info = query.data;
  return (
    <Page title="积分抽奖" lead="用积分参与抽奖，结果由服务器随机产生。">
      {info ? (
        <>
          <DrawPanel
            info={info}
            onDrawn={() => {
              query.refetch();
              history.refetch();
              invalidateQuery(POINTS_LEDGER_KEY);
            }}
            onStale={query.refetch}
          />
          <DrawRules info={info} />
        </>
      ) : query.status === 'error' ? (
        <Card>
          <p className="rewards__error" role="alert">
            {userMessage(query.error)}
          </p>
          <Button block variant="secondary" onClick={() => query.refetchWith((signal) => getLuckyDrawInfo(signal, true))}>
            重新加载
          </Button>
        </Card>
      ) : (
        <Card>
          <p className="rewards__muted" role="status" aria-busy="true">
            正在加载活动信息…
          </p>
        </Card>
      )}
      <DrawHistory list={history} />
      <TrustFooter />
    </Page>
  );
}
