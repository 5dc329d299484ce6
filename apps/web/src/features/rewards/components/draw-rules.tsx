// 活动规则: what Chinese promotion rules require a prize draw to disclose, always on the page (never behind
// a tap): the prizes and their type, each one's 中奖概率 and 剩余数量, the cost, the daily limit, how long
// points stay valid, what a prize out of stock becomes, that the server draws at random, and who runs it
// (the operator of the page configuration, components/trust-footer.tsx). Figures come from lucky-draw-info
// as the server uses them (docs/api.md "Points and the lucky draw").
import { Card } from '../../../components/page';
import { optionalWebConfig } from '../../../lib/web-config';
import type { LuckyDrawInfo } from '../api/lucky-draw-info';
import { stockText } from '../utils/rewards-texts';
import { PrizeName } from './draw-grid';

const KIND_LABEL = { points: '积分', thanks: '无奖品' } as const;

export function DrawRules({ info }: { info: LuckyDrawInfo }) {
  const operator = optionalWebConfig()?.operator ?? { name: '通盈达' };
  return (
    <Card label="活动规则">
      <h2 className="rewards__heading">活动规则</h2>
      <table className="draw-odds">
        <caption className="draw-odds__caption">奖品、中奖概率与剩余数量</caption>
        <thead>
          <tr>
            <th scope="col">奖品</th>
            <th scope="col">
              奖品
              <wbr />
              类型
            </th>
            <th scope="col">
              中奖
              <wbr />
              概率
            </th>
            <th scope="col">
              剩余
              <wbr />
              数量
            </th>
          </tr>
        </thead>
        <tbody>
          {info.prizes.map((prize) => (
            <tr key={prize.id}>
              <th scope="row">
                <PrizeName name={prize.name} />
              </th>
              <td>{KIND_LABEL[prize.kind]}</td>
              <td>{prize.oddsPercent}%</td>
              <td>{prize.kind === 'thanks' ? '—' : stockText(prize.stockLeft)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <ol className="rewards__rules">
        <li>
          每次抽奖消耗{info.cost}积分，每人每天最多抽奖{info.dailyLimit}次（按北京时间计，每天0点恢复）。
        </li>
        <li>抽奖结果由服务器随机产生，每次抽奖各奖品的中奖概率见上表。</li>
        <li>奖品数量有限，某奖品剩余数量为0后再抽中该奖品，按“谢谢参与”处理，不影响其他奖品的中奖概率。</li>
        <li>奖品类型为积分，抽中后即时计入您的积分账户。</li>
        <li>积分自获得之日起{info.pointsValidDays}天内有效，过期自动作废；使用时先扣除最早到期的积分。</li>
        <li>
          本活动由{operator.name}提供
          {operator.servicePhone ? `，如有疑问请致电客服${operator.servicePhone}` : ''}。
        </li>
      </ol>
    </Card>
  );
}
