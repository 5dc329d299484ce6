// /activity-exchange (SPEC §2, title empty -> default): points exchange of the lucky draw (SPEC §1).
import { PlannedPage } from '../../../components/planned-page';

export default function ActivityExchangePage() {
  return <PlannedPage title="积分兑换" about="使用抽奖活动获得的积分兑换奖品。" />;
}
