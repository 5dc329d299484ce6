// 我的卡券 (docs/api.md "Vouchers and exchange"): the user's vouchers, newest first, valid and expired,
// each with what it is, where it came from and until when it is valid. Vouchers are held for the lending
// product (a future loan uses them); nothing on this page spends one.
import { chinaDate } from '@tyd/protocol/wire';
import type { usePagedList } from '../../../lib/paged-list';
import type { Voucher } from '../api/my-vouchers';
import { SOURCE_LABEL } from '../utils/exchange-texts';
import { PagedListStates } from '../../../components/load-states';

export function VoucherList({ list }: { list: ReturnType<typeof usePagedList<Voucher>> }) {
  return (
    <PagedListStates list={list}>
      <ul className="vouchers" aria-label="我的卡券">
        {list.items.map((voucher) => (
          <li key={voucher.id} className={`voucher${voucher.state === 'expired' ? ' voucher--expired' : ''}`}>
            <div className="voucher__main">
              <p className="voucher__name">{voucher.name}</p>
              <p className="voucher__text">{voucher.description}</p>
              <p className="voucher__meta">
                <span className="rewards__nowrap">
                  {voucher.state === 'expired' ? `已于${chinaDate(voucher.expiresAt)}过期` : `有效期至${chinaDate(voucher.expiresAt)}`}
                </span>
                <span className="rewards__nowrap">来自{SOURCE_LABEL[voucher.source]}</span>
              </p>
            </div>
            <span className="voucher__state">{voucher.state === 'expired' ? '已过期' : '可使用'}</span>
          </li>
        ))}
      </ul>
    </PagedListStates>
  );
}
