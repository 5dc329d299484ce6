// 活动规则 of the new-user gift, always on the page: who may claim and until when, once per person (and
// what counts as the same person), how long vouchers and points stay valid, that vouchers are limited,
// and who runs it. Figures come from new-user-gift-info as the server applies them (docs/api.md
// "New-user gift").
import { Card } from '../../../components/page';
import { optionalWebConfig } from '../../../lib/web-config';
import type { NewUserGiftInfo } from '../api/new-user-gift-info';

export function GiftRules({ info }: { info: NewUserGiftInfo }) {
  const operator = optionalWebConfig()?.operator ?? { name: '通盈达' };
  const vouchers = info.contents.filter((line) => line.kind === 'voucher');
  return (
    <Card label="活动规则">
      <h2 className="gift__heading">活动规则</h2>
      <ol className="gift__rules">
        <li>新人礼面向新注册用户，须在注册后{info.windowDays}天内完成实名认证并领取，逾期不可领取。</li>
        <li>每人限领一次，以实名认证的身份为准：同一身份的其他账号，或注销后重新注册的账号，均不能再次领取。</li>
        {vouchers.length > 0 ? (
          <li>
            卡券自领取之日起计算有效期（{vouchers.map((line) => `${line.name}${line.validDays}天`).join('，')}
            ），过期自动失效；领取后可在“积分兑换”页的“我的卡券”中查看，在通盈达APP借款或还款时按卡券说明使用。
          </li>
        ) : null}
        <li>积分自获得之日起{info.pointsValidDays}天内有效，过期自动作废。</li>
        {vouchers.length > 0 ? <li>卡券数量有限，发完后暂停领取，补充后恢复。</li> : null}
        <li>
          本活动由{operator.name}提供
          {operator.servicePhone ? `，如有疑问请致电客服${operator.servicePhone}` : ''}。
        </li>
      </ol>
    </Card>
  );
}
