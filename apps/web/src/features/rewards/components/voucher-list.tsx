// 我的卡券 (docs/api.md "Vouchers and exchange"): the user's vouchers, newest first, valid and expired,
// each with what it is, where it came from and until when it is valid. Vouchers are spent in the company's
// app when borrowing or repaying; nothing on these pages spends one, so the list says where they are used
// and leads there (components/use-in-app.tsx).
import { chinaDate } from '@tyd/protocol/wire';
import type { usePagedList } from '../../../lib/paged-list';
import type { Voucher } from '../api/my-vouchers';
import { SOURCE_LABEL } from '../utils/exchange-texts';
import { PagedListStates } from '../../../components/load-states';
import { USE_IN_APP_TEXT, UseInApp } from '../../../components/use-in-app';

export function VoucherList({ list }: { list: ReturnType<typeof usePagedList<Voucher>> }) {
  return (
    <PagedListStates list={list}>
      {list.items.some((voucher) => voucher.state !== 'expired') ? (
        <div className="vouchers__where">
          <p>{USE_IN_APP_TEXT}</p>
          <UseInApp />
        </div>
      ) : null}
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
            <span className="voucher__state">{voucher.state === 'expired' ? '已过期' : 'APP内使用'}</span>
          </li>
        ))}
      </ul>
    </PagedListStates>
  );
}
