// /bank-cards (我的银行卡; SPEC §1 bank card binding, docs/api.md "Bank cards"): the account's cards, the
// default first, each opening its details; 暂无记录 with a bind button when there are none; an unverified
// user is told binding needs certification and sent to /mine/identity (name and ID come from it).
import { Link } from '../../../components/link';
import { NoData } from '../../../components/no-data';
import { Card, Page } from '../../../components/page';
import { Button } from '../../../components/button';
import { Tip } from '../../../components/tip';
import { useBankCardList } from '../api/bank-card-list';
import { BankCardFace } from '../components/bank-card-face';
import { BankCardsSkeleton } from '../components/bank-cards-skeleton';
import '../components/bank-cards.css';

export default function BankCardsPage() {
  const list = useBankCardList();
  if (list.status === 'loading') return <BankCardsSkeleton title="我的银行卡" cards={1} />;
  if (list.status === 'error' || !list.data) {
    return (
      <Page title="我的银行卡" lead="银行卡信息加载失败。">
        <Button block onClick={list.refetch}>
          重新加载
        </Button>
      </Page>
    );
  }
  const { items, maxCards, identityVerified } = list.data;
  const full = items.length >= maxCards;
  const bindAction = !identityVerified ? (
    <Link className="btn btn--primary btn--block" to="/mine/identity">
      去实名认证
    </Link>
  ) : full ? null : (
    <Link className="btn btn--primary btn--block" to="/bank-cards/bind">
      添加银行卡
    </Link>
  );
  return (
    <Page title="我的银行卡">
      {!identityVerified ? <Tip>绑定银行卡需先完成实名认证，且只能绑定本人名下的借记卡。</Tip> : null}
      {items.length === 0 ? (
        <Card label="银行卡列表">
          <NoData />
        </Card>
      ) : (
        <ul className="bank-cards__list" aria-label="银行卡列表">
          {items.map((card) => (
            <li key={card.cardId}>
              <Link
                to={`/bank-cards/detail?id=${encodeURIComponent(card.cardId)}`}
                aria-label={`${card.bankName}借记卡，尾号${card.last4}${card.isDefault ? '，默认卡' : ''}`}
              >
                <BankCardFace card={card} />
              </Link>
            </li>
          ))}
        </ul>
      )}
      {bindAction}
      <p className="bank-cards__note">
        {full ? `最多可绑定${maxCards}张银行卡，如需添加请先解绑其他银行卡` : `仅支持本人名下的借记卡，最多可绑定${maxCards}张`}
      </p>
    </Page>
  );
}
