// /bank-cards/agreement?id= (快捷支付协议; docs/api.md "Bank cards"): the 快捷支付服务协议 this card was bound
// under, as payment apps show it per card: its title, the version the holder agreed to by pressing 下一步
// and when (China time, SPEC §3), the card, and the text to read. A card bound before the version was kept
// says so rather than guessing; when the document has a newer version, the page says it holds for cards
// bound from then on.
import { chinaDateTime } from '@tyd/protocol/wire';
import { Link } from '../../../components/link';
import { Card, Page } from '../../../components/page';
import { useSearchParams } from '../../../lib/router-react';
import { useBankCardList } from '../api/bank-card-list';
import { AgreementLink } from '../components/agreement-link';
import { BankCardsSkeleton } from '../components/bank-cards-skeleton';
import '../components/bank-cards.css';

export default function CardAgreementPage() {
  const id = useSearchParams().get('id');
  const list = useBankCardList();
  if (list.status === 'loading') return <BankCardsSkeleton title="快捷支付协议" rows={3} />;
  const card = list.data?.items.find((item) => item.cardId === id);
  if (!list.data || !card) {
    return (
      <Page title="快捷支付协议" lead="银行卡不存在或已解绑。">
        <Link className="btn btn--primary btn--block" to="/bank-cards">
          返回我的银行卡
        </Link>
      </Page>
    );
  }
  const current = list.data.agreement;
  const agreed = card.agreement;
  return (
    <Page title="快捷支付协议">
      <Card label="协议信息">
        <dl className="bank-cards__info">
          <div className="bank-cards__row">
            <dt>协议名称</dt>
            <dd>{current.title}</dd>
          </div>
          <div className="bank-cards__row">
            <dt>同意的版本</dt>
            <dd>{agreed ? agreed.version : '未记录'}</dd>
          </div>
          <div className="bank-cards__row">
            <dt>同意时间</dt>
            <dd>{agreed ? chinaDateTime(agreed.agreedAt) : '未记录'}</dd>
          </div>
          <div className="bank-cards__row">
            <dt>适用银行卡</dt>
            <dd>
              {card.bankName} 尾号{card.last4}
            </dd>
          </div>
        </dl>
        {!agreed ? (
          <p className="bank-cards__holder">该卡绑定时未记录协议版本，以下为当前版本（{current.version}）。</p>
        ) : agreed.version !== current.version ? (
          <p className="bank-cards__holder">协议已更新至{current.version}版，新版本适用于此后绑定的银行卡。</p>
        ) : null}
        <p className="bank-cards__holder">您在添加该银行卡时点击“下一步”，即同意了本协议并开通快捷支付（协议支付）。</p>
      </Card>
      <div className="bank-cards__actions">
        <AgreementLink className="btn btn--secondary btn--block" title={current.title} url={current.url}>
          查看协议全文
        </AgreementLink>
      </div>
    </Page>
  );
}
